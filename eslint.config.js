// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const nodeBuiltins = ['node:*', 'fs', 'fs/*', 'path', 'os', 'crypto', 'child_process', 'net', 'http', 'https', 'events', 'stream', 'timers', 'timers/*', 'util', 'worker_threads', 'process'];

// Import boundaries (issue 8 §8): apps never import another app's src; libs never import apps.
const APPS = '(studio-server|edge-agent|cli|dealer-console|player-client|pit-boss)';
const appSrcImports = [
  { regex: `^(\\.\\./)+(apps/)?${APPS}/src(/|$)`, message: "Apps never import another app's src: use its package entry or move the code to libs/." },
  { regex: `^@felt-studio/${APPS}/src(/|$)`, message: "Apps never import another app's src." },
];
const libAppImports = [
  { regex: `^(\\.\\./)+apps/`, message: 'libs never import apps (issue 8 §8).' },
  { regex: `^@felt-studio/${APPS}(/|$)`, message: 'libs never import apps (issue 8 §8).' },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'apps/*/vite.config.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: appSrcImports }] },
  },
  {
    files: ['libs/**/*.{ts,tsx}', 'hardware-sim/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: libAppImports }] },
  },
  {
    // Type-aware rules (issue 8 §8) on the shipped sources: every promise is awaited or explicitly
    // `void`ed, and every switch over a union is exhaustive (a new game/event/code cannot be forgotten).
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}', 'hardware-sim/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.bench.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // Web apps and libs/ui (React): the rules of hooks; browser globals.
    files: ['libs/ui/src/**/*.{ts,tsx}', 'apps/player-client/src/**/*.{ts,tsx}', 'apps/dealer-console/src/**/*.{ts,tsx}', 'apps/pit-boss/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
  {
    // libs/games is PURE: no Node APIs, no clock, no randomness, no timers, no I/O, no logging (STYLE.md).
    files: ['libs/games/src/**/*.ts'],
    ignores: ['libs/games/src/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: nodeBuiltins, message: 'libs/games is pure: no Node APIs (STYLE.md habit 1).' }, ...libAppImports] }],
      'no-restricted-globals': ['error',
        { name: 'process', message: 'libs/games is pure: no process.' },
        { name: 'console', message: 'libs/games is pure: no logging.' },
        { name: 'setTimeout', message: 'Time is an input: no timers in libs/games.' },
        { name: 'setInterval', message: 'Time is an input: no timers in libs/games.' },
        { name: 'setImmediate', message: 'Time is an input: no timers in libs/games.' },
        { name: 'fetch', message: 'libs/games does no I/O.' },
        { name: 'require', message: 'libs/games is pure ESM.' },
        { name: 'crypto', message: 'Chance is an input: no crypto randomness in libs/games.' },
        { name: 'performance', message: 'Time is an input.' },
      ],
      'no-restricted-syntax': ['error',
        { selector: "MemberExpression[object.name='Math'][property.name='random']", message: 'Chance is an input: pass a seed (STYLE.md habit 3).' },
        { selector: "NewExpression[callee.name='Date']", message: 'Time is an input: commands carry `at` (STYLE.md habit 3).' },
        { selector: "MemberExpression[object.name='Date'][property.name='now']", message: 'Time is an input: commands carry `at`.' },
        { selector: 'TSEnumDeclaration', message: 'Use `as const` code sets, not TS enums (STYLE.md habit 9).' },
      ],
    },
  },
  {
    // Issue 22 §2 (non-negotiable 4): every read of round data goes through the audience view. Code that
    // answers clients (controllers, gateways, the pit and history read sides) never loads raw stored
    // events: it asks `RoundsService.eventsFor(roundId, audience)` (or a kernel view).
    files: ['apps/studio-server/src/**/*.controller.ts', 'apps/studio-server/src/**/*.gateway.ts', 'apps/studio-server/src/pit/**/*.ts', 'apps/studio-server/src/history/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: "CallExpression[callee.property.name='loadEvents']", message: 'Raw stored events never reach a client: use RoundsService.eventsFor(roundId, audience) (issue 22 §2).' },
        { selector: "CallExpression[callee.property.name='load'][callee.object.property.name='events']", message: 'Raw stored events never reach a client: use RoundsService.eventsFor(roundId, audience) (issue 22 §2).' },
      ],
    },
  },
);
