/** `npm run docs:config`: rewrites the generated part of docs/configuration.md from ENV_DOCS (apps/studio-server/src/config/env-docs.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import { configurationTables } from '../apps/studio-server/src/config/env-docs.js';

const FILE = new URL('../docs/configuration.md', import.meta.url);
const BEGIN = '<!-- generated: npm run docs:config -->';
const END = '<!-- end generated -->';
const text = readFileSync(FILE, 'utf8');
const a = text.indexOf(BEGIN);
const b = text.indexOf(END);
if (a < 0 || b < a) throw new Error('docs/configuration.md lacks the generated markers');
writeFileSync(FILE, `${text.slice(0, a + BEGIN.length)}\n\n${configurationTables()}${text.slice(b)}`);
console.log('docs/configuration.md updated');
