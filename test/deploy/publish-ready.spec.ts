/**
 * Issue 22 §17: publish-ready package names. `npx felt` outside this repository installs an unrelated npm
 * package named `felt`; every workspace is published under the `@felt-studio` scope instead (nothing is published
 * under it on the registry this machine reaches: `npm view @felt-studio/cli` answers E404), the CLI as
 * `@felt-studio/cli` with the `felt` bin (`npx @felt-studio/cli studio`). What a registry install needs is checked
 * here without publishing: the manifests, and the tarball `npm pack --dry-run` would upload (needs the build).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/processes.js';

interface Manifest {
  name: string;
  version: string;
  private?: boolean;
  license?: string;
  files?: string[];
  bin?: Record<string, string>;
  engines?: Record<string, string>;
  publishConfig?: { access?: string };
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Manifest & { workspaces: string[] };
const manifests = root.workspaces.map((w) => ({ dir: w, m: JSON.parse(readFileSync(join(ROOT, w, 'package.json'), 'utf8')) as Manifest }));
const names = new Set(manifests.map((x) => x.m.name));

describe('publish-ready package names (issue 22 §17)', () => {
  it('every workspace is a public @felt-studio package: not private, its files, license and Node engine', () => {
    expect(root.private, 'the repository root itself is never published').toBe(true);
    for (const { dir, m } of manifests) {
      expect(m.name, dir).toMatch(/^@felt-studio\/[a-z-]+$/);
      expect(m.name.split('/')[1], `${dir}: the package is named after its folder (the studio finds the web apps beside it)`).toBe(dir.split('/').at(-1));
      expect(m.private, dir).toBeUndefined();
      expect(m.files, dir).toContain('dist');
      expect(m.license, dir).toBe(root.license);
      expect(m.engines, dir).toEqual(root.engines);
      expect(m.publishConfig?.access, dir).toBe('public');
    }
  });

  it('a package depends only on packages that are published too, at their version', () => {
    for (const { dir, m } of manifests) {
      for (const [dep, range] of Object.entries({ ...m.dependencies, ...m.devDependencies })) {
        if (!dep.startsWith('@felt')) continue;
        expect(names.has(dep), `${dir} depends on ${dep}`).toBe(true);
        expect(range, `${dir} → ${dep}`).toBe(manifests.find((x) => x.m.name === dep)?.m.version);
      }
    }
  });

  it('the CLI: the felt bin, and the web apps beside the studio server (its default apps root is its package folder’s parent)', () => {
    const cli = manifests.find((x) => x.m.name === '@felt-studio/cli')!.m;
    expect(cli.bin).toEqual({ felt: 'bin/felt.js' });
    expect(Object.keys(cli.dependencies ?? {})).toEqual(expect.arrayContaining(['@felt-studio/studio-server', '@felt-studio/player-client', '@felt-studio/dealer-console', '@felt-studio/pit-boss']));
    // a built web app bundles what it uses: nothing of it is installed beside it
    for (const app of ['player-client', 'dealer-console', 'pit-boss']) expect(manifests.find((x) => x.dir === `apps/${app}`)?.m.dependencies, app).toBeUndefined();
    // node_modules/@felt-studio/studio-server/dist/ops → node_modules/@felt-studio/ holds player-client/dist, as apps/ does here
    const webApps = readFileSync(join(ROOT, 'apps/studio-server/src/ops/web-apps.ts'), 'utf8');
    expect(webApps).toContain("resolve(dirname(fileURLToPath(import.meta.url)), '../../..')");
  });

  it('npm pack: the CLI’s tarball holds its bin and build, no specs, no build info; a library’s its dist', () => {
    for (const [ws, must] of [['apps/cli', ['bin/felt.js', 'dist/main.js', 'package.json']], ['libs/games', ['dist/index.js', 'dist/index.d.ts', 'package.json']]] as const) {
      expect(existsSync(join(ROOT, ws, 'dist')), `${ws}/dist: build first (npx tsc -b tsconfig.build.json)`).toBe(true);
      const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: join(ROOT, ws), encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(0);
      const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
      expect(files).toEqual(expect.arrayContaining([...must]));
      expect(files.filter((f) => /\.spec\.|\.tsbuildinfo$|(^|\/)src\//.test(f)), ws).toEqual([]);
    }
  });
});
