#!/usr/bin/env node
// After merging a branch that moved files (issue 19 §1 moved ~60 server and web files), code written on
// the other side still imports the old paths. This rewrites every relative import whose target was
// renamed between <base> and HEAD (git's rename detection) to the file's new path, keeping the
// specifier's style (`./x.js` or extensionless). It never moves a file; it prints what it changed.
//
//   node scripts/rewrite-moved-imports.mjs <base>        e.g. the merge base: $(git merge-base HEAD main)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { posix } from 'node:path';

const base = process.argv[2];
if (!base) {
  console.error('usage: node scripts/rewrite-moved-imports.mjs <base-commit>');
  process.exit(2);
}
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' });
const renames = new Map();
for (const line of git('diff', '--name-status', '-M', `${base}`, 'HEAD').split('\n')) {
  const [status, from, to] = line.split('\t');
  if (status?.startsWith('R') && from && to) renames.set(from, to);
}
const files = git('ls-files', '--', '*.ts', '*.tsx', '*.mts', '*.mjs').split('\n').filter(Boolean);
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];
let changed = 0;
for (const file of files) {
  if (!existsSync(file)) continue;
  const text = readFileSync(file, 'utf8');
  const next = text.replace(/((?:from|import)\s*\(?\s*['"])(\.{1,2}\/[^'"]+)(['"])/g, (m, pre, spec, post) => {
    const joined = posix.normalize(posix.join(posix.dirname(file), spec));
    const stem = joined.replace(/\.js$/, '');
    const suffix = joined.endsWith('.js') ? '.js' : '';
    for (const c of CANDIDATES) {
      const old = `${stem}${c || (suffix ? '.ts' : '')}`;
      const moved = renames.get(old) ?? renames.get(old.replace(/\.ts$/, '.tsx'));
      if (!moved || existsSync(old)) continue;
      let rel = posix.relative(posix.dirname(file), moved).replace(/\.tsx?$/, '');
      if (c.startsWith('/index')) rel = posix.dirname(rel);
      if (!rel.startsWith('.')) rel = `./${rel}`;
      return `${pre}${rel}${suffix}${post}`;
    }
    return m;
  });
  if (next !== text) {
    writeFileSync(file, next);
    changed++;
    console.log(`rewrote imports in ${file}`);
  }
}
console.log(`${changed} file(s) changed; ${renames.size} renames since ${base}`);
