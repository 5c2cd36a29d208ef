// `npm run dev`: the studio (server + simulated devices + robot dealer + demo players) on :3000 and a
// Vite dev server with hot reload per web app, proxying the API and socket.io to the studio.
// Web apps:  player http://localhost:5173/play/   dealer http://localhost:5174/dealer/   pit boss http://localhost:5175/pit/
// Env: PORT (studio, default 3000), FELT_API (proxy target, default http://127.0.0.1:$PORT), extra args go to `felt studio`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.PORT ?? '3000';
process.env.FELT_API ??= `http://127.0.0.1:${port}`;

console.log('dev: compiling the TypeScript projects (tsc -b) …');
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (tsc.status !== 0) process.exit(tsc.status ?? 1);

const studio = spawn(process.execPath, [join(root, 'apps/cli/bin/felt.js'), 'studio', '--port', port, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });

const { createServer } = await import('vite');
const apps = [
  { dir: 'apps/player-client', name: 'player' },
  { dir: 'apps/dealer-console', name: 'dealer' },
  { dir: 'apps/pit-boss', name: 'pit boss' },
];
const servers = [];
for (const a of apps) {
  const dir = join(root, a.dir);
  if (!existsSync(join(dir, 'index.html'))) continue;
  const server = await createServer({ root: dir, configFile: join(dir, 'vite.config.ts') });
  await server.listen();
  servers.push(server);
  console.log(`dev: ${a.name.padEnd(8)} ${server.resolvedUrls?.local[0] ?? ''}  (hot reload; API → ${process.env.FELT_API})`);
}

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  studio.kill('SIGTERM'); // first: the studio must never outlive this script
  await Promise.allSettled(servers.map((s) => s.close()));
};
process.on('exit', () => {
  if (studio.exitCode === null) studio.kill('SIGTERM');
});
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
studio.on('exit', (code) => {
  void Promise.all(servers.map((s) => s.close())).then(() => process.exit(code ?? 0));
});
