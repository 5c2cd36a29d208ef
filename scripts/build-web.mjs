// Builds the web apps (player /play, dealer /dealer, pit boss /pit) with Vite, in one process.
// An app folder without index.html is skipped. Run by `npm run build` after `tsc -b`.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const apps = ['apps/player-client', 'apps/dealer-console', 'apps/pit-boss'];
const only = process.argv.slice(2);
for (const app of apps) {
  const dir = join(root, app);
  if (only.length > 0 && !only.some((o) => app.endsWith(o))) continue;
  if (!existsSync(join(dir, 'index.html'))) continue;
  const t0 = Date.now();
  await build({ root: dir, configFile: join(dir, 'vite.config.ts'), logLevel: 'warn' });
  console.log(`web: built ${app} in ${Math.round(Date.now() - t0)} ms`);
}
