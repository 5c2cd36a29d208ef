import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The documentation stays whole: every relative link in a tracked Markdown file resolves inside the
 * repository (a clone has no `../shared`), the README stays a front door, and every rule ID the code
 * cites is defined somewhere under docs/.
 */

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

const tracked = (...patterns: string[]): string[] =>
  execFileSync('git', ['ls-files', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => f !== '' && !f.split('/').includes('node_modules') && existsSync(join(ROOT, f)));

const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

/** The text with fenced code blocks and inline code spans blanked out (links there are not links). */
function withoutCode(md: string): string {
  const lines = md.split('\n');
  let fence: string | null = null;
  const out = lines.map((line) => {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (m) {
      const marker = m[1] ?? '';
      if (fence === null) fence = marker[0]!.repeat(marker.length);
      else if (marker.startsWith(fence)) fence = null;
      return '';
    }
    if (fence !== null) return '';
    return line.replace(/(`+)[^`]*?\1/g, (s) => ' '.repeat(s.length));
  });
  return out.join('\n');
}

interface Link {
  readonly file: string;
  readonly target: string;
}

/** Inline links and images `[text](target "title")` and reference definitions `[ref]: target`. */
function linksOf(file: string, md: string): Link[] {
  const text = withoutCode(md);
  const found: Link[] = [];
  for (const m of text.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?\s*\)/g)) {
    found.push({ file, target: (m[1] ?? '').replace(/^<|>$/g, '') });
  }
  for (const m of text.matchAll(/^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/gm)) {
    found.push({ file, target: (m[1] ?? '').replace(/^<|>$/g, '') });
  }
  return found;
}

const isExternal = (target: string): boolean => /^[a-z][a-z0-9+.-]*:/i.test(target);

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(md: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutCodeBlocks(md).split('\n')) {
    const h = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const plain = (h[1] ?? '')
        .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
        .replace(/[`*]/g, '')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
      const n = seen.get(plain) ?? 0;
      seen.set(plain, n + 1);
      anchors.add(n === 0 ? plain : `${plain}-${n}`);
    }
    for (const a of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) anchors.add(a[1] ?? '');
  }
  return anchors;
}

function withoutCodeBlocks(md: string): string {
  let inFence = false;
  return md
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) {
        inFence = !inFence;
        return '';
      }
      return inFence ? '' : line;
    })
    .join('\n');
}

const MARKDOWN = tracked('*.md');

describe('documentation links', () => {
  it('finds the tracked Markdown files', () => {
    expect(MARKDOWN).toContain('README.md');
    expect(MARKDOWN.some((f) => f.startsWith('docs/'))).toBe(true);
  });

  it('every relative link resolves to a file inside the repository, never outside it', () => {
    const problems: string[] = [];
    for (const file of MARKDOWN) {
      const md = read(file);
      for (const { target } of linksOf(file, md)) {
        if (isExternal(target)) continue;
        const [rawPath = '', anchor] = target.split('#', 2);
        const path = decodeURIComponent(rawPath);
        if (/(^|\/)shared(\/|$)/.test(path) && path.includes('..')) {
          problems.push(`${file}: ${target} points at ../shared, which a clone does not have`);
          continue;
        }
        const abs = path === '' ? join(ROOT, file) : path.startsWith('/') ? join(ROOT, path) : resolve(ROOT, dirname(file), path);
        const rel = relative(ROOT, abs);
        if (rel.startsWith('..') || rel.split(sep)[0] === '..' || resolve(abs) !== abs) {
          problems.push(`${file}: ${target} leaves the repository`);
          continue;
        }
        if (!existsSync(abs)) {
          problems.push(`${file}: ${target} does not exist`);
          continue;
        }
        if (anchor !== undefined && anchor !== '' && statSync(abs).isFile() && abs.endsWith('.md')) {
          if (!anchorsOf(readFileSync(abs, 'utf8')).has(decodeURIComponent(anchor).toLowerCase())) {
            problems.push(`${file}: ${target} — no heading with anchor #${anchor} in ${rel}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('no Markdown file names the reference shelf outside the repository as a path', () => {
    const offenders = MARKDOWN.filter((f) => /(\.\.\/)+shared\/|\/work\/shared|shared\/spec\/|shared\/ARCHITECTURE/.test(read(f)));
    expect(offenders).toEqual([]);
  });
});

describe('the README is a front door', () => {
  const readme = read('README.md');

  it('is at most 200 lines', () => {
    const lines = readme.replace(/\n$/, '').split('\n');
    expect(lines.length).toBeLessThanOrEqual(200);
  });

  it('opens with the two commands', () => {
    const opening = readme.split('\n').slice(0, 6).join('\n');
    expect(opening).toBe(
      [
        '# Felt — live-dealer casino studio system',
        '',
        '```sh',
        'npm ci && npm start     # install, build, run the whole studio on embedded defaults with simulated devices; prints the URLs',
        'npm test                # unit, golden, property, fuzz and in-process tests (no external services needed)',
        '```',
      ].join('\n'),
    );
  });

  it('shows the dependency report (npm run deps) in its architecture section, at zero', () => {
    const arch = readme.split(/^## /m).find((s) => s.startsWith('Architecture'));
    expect(arch).toContain('$ npm run deps');
    expect(arch).toMatch(/folder cycles:\s+0\b/);
    expect(arch).toMatch(/file cycles:\s+0\b/);
    expect(arch).toMatch(/rule violations:\s+0\b/);
  });
});

/**
 * Rule IDs as the code writes them: an upper-case family prefix, then a number (`GEN-3`, `BJ-5a`,
 * `TB-L1`, `RAY-8.2`, `RG-2.9`) — any family, so a new game's IDs are held to this too — or, for the
 * poker families, a name (`S1-FAIL-RING`, `PT-REFEREE`, `P4-IRR`). Card notations (`A-8`, `Q-6`),
 * encodings and hashes (`UTF-8`, `FNV-1a`) and placeholder ids in tests (`X-1`) are not rule IDs.
 */
const NAMED = ['S1', 'PT', 'P4', 'D3'];
const NOT_RULES = new Set(['A', 'J', 'K', 'Q', 'T', 'X', 'UTF', 'FNV', 'SHA', 'ISO', 'RFC']);
const RULE_ID = new RegExp(
  `(?<![A-Za-z0-9_-])(?:(?:${NAMED.join('|')})-[A-Z0-9]+(?:-[A-Z0-9]+)*|[A-Z][A-Z0-9]{0,4}-L?[0-9]+[a-z]?(?:\\.[0-9]+)*)(?![A-Za-z0-9_-]|\\.[0-9])`,
  'g',
);

const idsIn = (text: string): Set<string> => new Set((text.match(RULE_ID) ?? []).filter((id) => !NOT_RULES.has(id.split('-')[0] ?? '')));

describe('rule IDs', () => {
  const SOURCES = tracked('libs', 'apps', 'hardware-sim').filter((f) => /\.(ts|tsx|js|mjs|md)$/.test(f));
  const cited = new Set<string>();
  for (const f of SOURCES) for (const id of idsIn(read(f))) cited.add(id);
  const defined = new Set<string>();
  for (const f of MARKDOWN.filter((m) => m.startsWith('docs/'))) for (const id of idsIn(read(f))) defined.add(id);

  it('recognises the rule IDs the code cites', () => {
    for (const id of ['GEN-3', 'ROU-4', 'BAC-12', 'BJ-5a', 'RES-1', 'W-5', 'S1-RAKE', 'PT-REFEREE', 'RAY-8.2', 'TB-L1']) expect(cited).toContain(id);
    for (const notAnId of ['A-K', 'Q-6-4', 'A-8', 'X-1', 'UTF-8', 'FNV-1a', 'HMAC-SHA256', 'YYYY-MM-DD']) expect(idsIn(`a ${notAnId} b`).size).toBe(0);
  });

  it('every rule ID cited in libs/, apps/ and hardware-sim/ is defined under docs/', () => {
    const missing = [...cited].filter((id) => !defined.has(id)).sort();
    expect(missing).toEqual([]);
  });
});
