import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';

/** URL prefix → app folder under the apps root (each serves its Vite production build `dist/`). */
export const WEB_APPS = [
  { prefix: '/play', app: 'player-client' },
  { prefix: '/dealer', app: 'dealer-console' },
  { prefix: '/pit', app: 'pit-boss' },
] as const;

/** Default apps root: `apps/` of this checkout (this file is apps/studio-server/{src,dist}/ops/web-apps.*). */
export function defaultAppsRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
}

interface Req {
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}
interface Res {
  redirect(status: number, url: string): void;
  setHeader(k: string, v: string): void;
  type(t: string): Res;
  send(body: string): void;
}

/**
 * Serves the production builds of the web apps (player `/play`, dealer `/dealer`, pit boss `/pit`)
 * from `<appsRoot>/<app>/dist`, with the SPA fallback (any GET under the prefix that is no file gets
 * `index.html`). Apps that were not built are skipped. Returns the prefixes served.
 */
export function serveWebApps(app: INestApplication, appsRoot: string = defaultAppsRoot()): string[] {
  const served: string[] = [];
  const express = app as NestExpressApplication;
  for (const w of WEB_APPS) {
    const dist = join(appsRoot, w.app, 'dist');
    const indexFile = join(dist, 'index.html');
    if (!existsSync(indexFile)) continue;
    const index = readFileSync(indexFile, 'utf8');
    express.useStaticAssets(dist, { prefix: `${w.prefix}/`, index: false, maxAge: '1h', immutable: false });
    express.use(w.prefix, (req: Req, res: Res, next: () => void) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      if (req.path.startsWith('/assets/')) return next(); // a missing asset is a 404, not the page
      res.setHeader('Cache-Control', 'no-cache');
      res.type('html').send(index);
    });
    served.push(w.prefix);
  }
  if (served.includes('/play')) {
    express.use((req: Req, res: Res, next: () => void) => {
      if (req.method === 'GET' && req.path === '/' && String(req.headers['accept'] ?? '').includes('text/html')) return res.redirect(302, '/play/');
      next();
    });
  }
  return served;
}
