#!/usr/bin/env node
// The dependency report (issue 19 §1, docs/architecture-layers.md): cruises the studio server and the
// three web apps with dependency-cruiser and the rules of .dependency-cruiser.cjs, then prints
//   - folder cycles: strongly connected groups of the server's module folders (src/<module>/, the root
//     files count as the composition root) and of each web app's top folders (features/<name>/, app/, i18n/…),
//   - file cycles: strongly connected groups of files,
//   - rule violations (layer order, bottom layer, composition root, features, cycles) by rule.
// `npm run deps` prints it (`--verbose`: every cycle and violation; `--json`: as JSON; `--strict`: exit
// code 1 unless every number is 0). `npm run lint` fails on any violation not in the known-violations baseline.
import { createRequire } from 'node:module';
import { cruise } from 'dependency-cruiser';

const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs');
const ROOTS = ['apps/studio-server/src', 'apps/dealer-console/src', 'apps/player-client/src', 'apps/pit-boss/src', 'apps/cli/src', 'apps/edge-agent/src', 'hardware-sim/src', 'libs'];

const result = await cruise(ROOTS, { ...config.options, validate: true, ruleSet: { forbidden: config.forbidden } });
const { modules, summary } = result.output;

/** The folder a file belongs to for the folder-cycle count (null: not one of the cruised apps). */
function folderOf(path) {
  const m = /^apps\/([^/]+)\/src\/(.*)$/.exec(path);
  if (!m) return null;
  const [, app, rest] = m;
  const parts = rest.split('/');
  if (parts.length === 1) return `${app}:(root)`;
  if (parts[0] === 'features' && parts.length > 2) return `${app}:features/${parts[1]}`;
  return `${app}:${parts[0]}`;
}

/** Tarjan's strongly connected components; returns the groups with more than one member. */
function cycles(edges) {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  let index = 0;
  const idx = new Map(), low = new Map(), onStack = new Set(), stack = [], groups = [];
  const visit = (v) => {
    idx.set(v, index); low.set(v, index); index++; stack.push(v); onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) { visit(w); low.set(v, Math.min(low.get(v), low.get(w))); }
      else if (onStack.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const g = [];
      let w;
      do { w = stack.pop(); onStack.delete(w); g.push(w); } while (w !== v);
      if (g.length > 1) groups.push(g.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return groups;
}

const fileEdges = new Map();
const folderEdges = new Map();
const add = (map, a, b) => { if (!map.has(a)) map.set(a, new Set()); map.get(a).add(b); };
for (const m of modules) {
  const from = folderOf(m.source);
  for (const d of m.dependencies) {
    if (d.coreModule || d.couldNotResolve || !d.resolved.startsWith('apps/')) continue;
    add(fileEdges, m.source, d.resolved);
    const to = folderOf(d.resolved);
    if (from && to && from !== to) add(folderEdges, from, to);
  }
}
const folderCycles = cycles(folderEdges);
const mutualPairs = [];
for (const [a, bs] of folderEdges) for (const b of bs) if (a < b && folderEdges.get(b)?.has(a)) mutualPairs.push(`${a} <-> ${b}`);
const fileCycles = cycles(fileEdges);
const byRule = {};
for (const v of summary.violations) byRule[v.rule.name] = (byRule[v.rule.name] ?? 0) + 1;

const report = {
  cruised: modules.filter((m) => m.source.startsWith('apps/')).length,
  folderCycles: folderCycles.length,
  foldersInCycles: folderCycles.reduce((n, g) => n + g.length, 0),
  mutualFolderPairs: mutualPairs.length,
  fileCycles: fileCycles.length,
  violations: summary.violations.length,
  violationsByRule: byRule,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...report, details: { folderCycles, mutualPairs, fileCycles, violations: summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`) } }, null, 2));
} else {
  console.log(`dependency report (${ROOTS.join(', ')}; ${report.cruised} files, specs excluded)`);
  console.log(`  folder cycles:     ${report.folderCycles} (${report.foldersInCycles} folders in them; ${report.mutualFolderPairs} pairs of folders import each other)`);
  console.log(`  file cycles:       ${report.fileCycles}`);
  console.log(`  rule violations:   ${report.violations}${report.violations ? ` (${Object.entries(byRule).map(([r, n]) => `${r} ${n}`).join(', ')})` : ''}`);
  if (process.argv.includes('--verbose')) {
    for (const g of folderCycles) console.log(`  folder cycle: ${g.join(', ')}`);
    for (const p of mutualPairs) console.log(`  mutual: ${p}`);
    for (const g of fileCycles) console.log(`  file cycle: ${g.join(' , ')}`);
    for (const v of summary.violations) console.log(`  ${v.rule.name}: ${v.from} -> ${v.to}`);
  }
}
if (process.argv.includes('--strict') && report.folderCycles + report.fileCycles + report.violations !== 0) process.exitCode = 1;
