/**
 * Shared Vite configuration of the three web apps (player `/play`, dealer `/dealer`, pit boss `/pit`).
 * Workspace packages resolve to their TypeScript sources, so `vite` hot-reloads libs too; the dev
 * server proxies the studio server's REST + socket.io paths to FELT_API (default http://127.0.0.1:3000).
 */
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import type { Plugin, UserConfig } from 'vite';

const here = (p: string): string => fileURLToPath(new URL(p, import.meta.url));
/** libs/ (this file is libs/ui/src/vite.ts or libs/ui/dist/vite.js). */
const libs = here('../../');

/** The studio server's top-level REST paths + socket.io (proxied by the dev server). */
export const API_PATHS = ['/auth', '/tables', '/rounds', '/wallet', '/users', '/alerts', '/audit', '/admin', '/health', '/metrics', '/time', '/docs', '/me', '/poker-tables'] as const;

export interface FeltViteOptions {
  /** The URL prefix the studio server serves the build at, e.g. `/play/`. */
  readonly base: string;
  /** Dev server port (each app its own). */
  readonly port: number;
}

/** Where an app's own index.html (its title) goes in the page every app shares. */
const APP_HEAD = '<!--felt:app-head-->';

/** The page of every web app: its index.html holds only what is its own (the title), set where APP_HEAD stands. */
export const PAGE_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
    <meta name="theme-color" content="#0f1412" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    ${APP_HEAD}
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

/**
 * One page template for the three apps (issue 19 §5): before Vite reads an app's index.html (dev server and
 * build alike; other pages are left alone), its content (less its comments) is set into PAGE_TEMPLATE, so the
 * entry script and the shared head are written once.
 */
export function feltPage(): Plugin {
  return {
    name: 'felt-page',
    transformIndexHtml: {
      order: 'pre',
      // only an app's index.html: a page of its own (the player client's dev-only poker-harness.html) stays as written
      handler: (html, ctx) => (basename(ctx.filename) === 'index.html' ? PAGE_TEMPLATE.replace(APP_HEAD, html.replace(/<!--[\s\S]*?-->/g, '').trim()) : html),
    },
  };
}

export function feltViteConfig(opts: FeltViteOptions): UserConfig {
  const api = process.env.FELT_API ?? 'http://127.0.0.1:3000';
  const proxy: Record<string, { target: string; changeOrigin: boolean; ws?: boolean }> = {};
  for (const p of API_PATHS) proxy[p] = { target: api, changeOrigin: true };
  proxy['/socket.io'] = { target: api, changeOrigin: true, ws: true };
  return {
    base: opts.base,
    plugins: [react(), feltPage()],
    resolve: {
      alias: {
        // libs/ui's test support, for the player client's dev-only poker-harness.html (not in the production build)
        '@felt-studio/ui/poker-fixtures': `${libs}ui/testing/poker-fixtures.ts`,
        '@felt-studio/ui/whep': `${libs}ui/src/whep.ts`,
        '@felt-studio/ui': `${libs}ui/src/index.ts`,
        '@felt-studio/client-sdk': `${libs}client-sdk/src/index.ts`,
        '@felt-studio/protocol': `${libs}protocol/src/index.ts`,
        '@felt-studio/games': `${libs}games/src/index.ts`,
      },
    },
    server: { port: opts.port, strictPort: false, proxy },
    build: {
      target: 'es2022',
      sourcemap: true,
      // FELT_NO_MINIFY=1: readable function names in a CPU profile of a page (docs/testing.md "The pit floor's renderer")
      minify: process.env['FELT_NO_MINIFY'] === '1' ? false : undefined,
      // No chunk over 500 kB (issue 20 §12): the libraries every screen loads at start go to their own
      // long-cached chunks. Only eagerly imported packages are named here, so no lazy chunk (hls.js, the
      // chart library) is pulled into the first load.
      chunkSizeWarningLimit: 500,
      reportCompressedSize: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
              { name: 'vendor', test: /node_modules[\\/](zod|@tanstack|i18next|react-i18next|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/ },
            ],
          },
        },
      },
    },
  };
}
