import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../shared/clock.js';
import { bootTestApp, type TestApp } from '../../../../test/support/studio-server/test-app.js';
import { serveWebApps } from './web-apps.js';

describe('web apps served by the studio server (/play, /dealer, /pit) and GET /time', () => {
  let t: TestApp;
  let root: string;
  let served: string[];
  const clock = new FixedClock(Date.UTC(2026, 10, 23, 12, 0, 0));
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'felt-web-'));
    mkdirSync(join(root, 'player-client', 'dist', 'assets'), { recursive: true });
    writeFileSync(join(root, 'player-client', 'dist', 'index.html'), '<!doctype html><title>Felt player</title>');
    writeFileSync(join(root, 'player-client', 'dist', 'assets', 'app.js'), 'console.log(1)');
    t = await bootTestApp({ clock, configure: (app) => { served = serveWebApps(app, root); } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves only the apps that were built', () => {
    expect(served).toEqual(['/play']);
  });

  it('serves the build, its assets, and index.html for client-side routes (SPA fallback)', async () => {
    const index = await fetch(`${t.url}/play/`);
    expect(index.status).toBe(200);
    expect(await index.text()).toContain('Felt player');
    const asset = await fetch(`${t.url}/play/assets/app.js`);
    expect(await asset.text()).toBe('console.log(1)');
    const deep = await fetch(`${t.url}/play/table/tbl_1`);
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('Felt player');
    expect((await fetch(`${t.url}/play/assets/missing.js`)).status).toBe(404);
  });

  it('redirects a browser at / to the player app and leaves the API alone', async () => {
    const r = await fetch(`${t.url}/`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/play/');
    expect((await fetch(`${t.url}/health`)).status).toBe(200);
    expect((await fetch(`${t.url}/dealer/`)).status).toBe(404);
  });

  it('GET /time answers the server clock (no login needed)', async () => {
    const r = await fetch(`${t.url}/time`);
    expect(await r.json()).toEqual({ now: clock.now() });
  });
});
