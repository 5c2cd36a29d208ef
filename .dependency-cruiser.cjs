// @ts-check
/**
 * The layer rules of Felt (issue 19 §1; docs/architecture-layers.md), checked by `npm run lint` (depcruise)
 * and counted by `npm run deps` (scripts/deps-report.mjs). A new cycle or an import against the layer
 * order is a red build.
 */

/**
 * The studio server's module folders (apps/studio-server/src/<module>/), bottom to top. A module may
 * import only modules of a LOWER rank (never one of its own rank or above); the root files (app.module.ts,
 * platform.module.ts, main.ts, index.ts, app.factory.ts, error-codes.ts, server-schema.ts) are the
 * composition root: they may import every module and no module imports them. A new folder needs a rank here.
 */
const SERVER_LAYERS = [
  ['shared'], // result and error types, actor, clock and ids, ports, error-code registry: imports no module
  ['kernels', 'config'], // the game-kernel registry and redaction; configuration
  ['ops', 'ratelimit'], // logging, health, metrics, shutdown, the error filter; rate limits
  ['persistence'], // the DataSource, unit of work, the ledger and round tables
  ['auth'],
  ['audit', 'tables', 'commands'], // commands: the REST routes of the table commands (issue 19 §3)
  ['alerts', 'presence', 'mqtt'],
  ['settlement'],
  ['rounds'],
  ['limits', 'cluster', 'dealer', 'history', 'ingest', 'pit', 'streams', 'integrity'], // integrity: the pit's game-security monitors (issue 23)
  ['wallet', 'camera'], // camera: the demo studio camera (issue 21 §2), over rounds and streams
  ['betting', 'poker', 'chat', 'tournament'], // tournament: poker tournaments (issue 24; audit, the ledger, the seamless wallet). chat: the table chat and tips (issue 24): tables, presence, audit, the ledger and the seamless wallet
  ['poker-integrity'], // collusion and bots at live poker (issue 23 §4): reads poker's export of its hands
  ['realtime', 'openapi'],
];
const SRC = '^apps/studio-server/src/';
const rank = new Map(SERVER_LAYERS.flatMap((mods, r) => mods.map((m) => [m, r])));
const ALL = [...rank.keys()];

const serverLayerRules = ALL.map((m) => {
  const notBelow = ALL.filter((o) => o !== m && /** @type {number} */ (rank.get(o)) >= /** @type {number} */ (rank.get(m)));
  return {
    name: 'server-layers',
    comment: `${m} (rank ${rank.get(m)}) imports only modules of a lower rank (.dependency-cruiser.cjs SERVER_LAYERS).`,
    severity: /** @type {const} */ ('error'),
    from: { path: `${SRC}${m}/` },
    to: { path: `${SRC}(${notBelow.join('|')})/` },
  };
}).filter((r) => !r.to.path.endsWith('()/'));

const WEB = '(dealer-console|player-client|pit-boss)';
/** The apps whose folder cycles the tool checks (scripts/deps-report.mjs counts every app's). */
const FOLDER_CYCLE_APPS = ['studio-server', 'dealer-console', 'player-client', 'pit-boss', 'cli', 'edge-agent'];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No file imports itself through others (issue 19 §1).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment: 'No folder imports itself through other folders (FOLDER_CYCLE_APPS; folder violations cannot sit in the known-violations baseline, so an app joins this rule once its count is 0).',
      severity: 'error',
      scope: 'folder',
      from: { path: `^(apps/(${FOLDER_CYCLE_APPS.join('|')})/src|hardware-sim/src|libs/[^/]+/src)/` },
      to: { circular: true },
    },
    ...serverLayerRules,
    {
      name: 'server-composition-root',
      comment: 'Only the composition root (the files at the top of src/) knows every module; no module imports it.',
      severity: 'error',
      from: { path: `${SRC}[^/]+/` },
      to: { path: `${SRC}[^/]+\\.ts$` },
    },
    {
      name: 'server-module-has-a-layer',
      comment: 'Every server module folder has a rank in SERVER_LAYERS (.dependency-cruiser.cjs).',
      severity: 'error',
      from: { path: `${SRC}[^/]+/`, pathNot: `${SRC}(${ALL.join('|')})/` },
      to: {},
    },
    {
      name: 'server-no-test-support',
      comment: 'Shipped code never imports test support or test libraries (test/support is not compiled into dist).',
      severity: 'error',
      from: { path: '^apps/[^/]+/src/', pathNot: '\\.(spec|int\\.spec|e2e)\\.tsx?$' },
      to: { path: ['^test/', '(^|/)node_modules/(vitest|@nestjs/testing|@testing-library)/'] },
    },
    {
      name: 'web-features-independent',
      comment: 'A web app feature never imports another feature; what two features share lives below them (components/, lib/, libs/ui).',
      severity: 'error',
      from: { path: `^apps/${WEB}/src/features/([^/]+)/` },
      to: { path: '^apps/$1/src/features/', pathNot: '^apps/$1/src/features/$2/' },
    },
    {
      name: 'web-shared-below-features',
      comment: 'Shared folders of a web app (i18n, styles, lib, components, test) never import its features or its app shell.',
      severity: 'error',
      from: { path: `^apps/${WEB}/src/(?!features/|app/|main\\.tsx$)` },
      to: { path: '^apps/$1/src/(features|app)/' },
    },
    {
      name: 'web-app-shell-on-top',
      comment: 'The app shell (src/app/, main.tsx) composes the features; no feature imports it.',
      severity: 'error',
      from: { path: `^apps/${WEB}/src/features/` },
      to: { path: '^apps/$1/src/(app/|main\\.tsx$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Specs may import any layer (they test it); the shipped sources are what the rules govern.
    exclude: { path: ['/dist/', '\\.spec\\.tsx?$', '\\.int\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
