import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { StreamsModule } from './streams.module.js';

/**
 * Issue 21 §5: a real encoder replaces the demo camera (docs/streaming.md "A studio's own encoder"). Here ffmpeg
 * stands in for the studio's encoder and a small HTTP server for the media server / CDN origin:
 *
 * - the encoder writes LL-HLS (fMP4) with EXT-X-PROGRAM-DATE-TIME from its own clock (`-hls_flags
 *   program_date_time`: the studio clock, NTP-synchronised — the reveal gate compares it with the events' `at`);
 * - the media server asks the studio's `GET /media-auth?table=&token=` for every request (as nginx's
 *   `auth_request` does) and serves the playlist uncached and the segments as immutable;
 * - an admin registers the media server's URL with the table (`PUT /tables/{id}/streams`); a player gets it
 *   signed (`GET /tables/{id}/stream`) and plays it from the media server — the studio never carries the bytes.
 */
describe('a studio encoder and media server in place of the demo camera (issue 21 §5)', () => {
  let app: RoundsApp;
  let tableId = '';
  let otherId = '';
  let media: Server;
  let mediaUrl = '';
  let encoder: ChildProcess;
  const dir = mkdtempSync(join(tmpdir(), 'felt-encoder-'));
  const authCalls: string[] = [];

  beforeAll(async () => {
    app = await bootRoundsApp({ imports: [StreamsModule] });
    const pit = app.token('pitboss1', 'pitboss');
    const body = (name: string) => ({ name, game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 15 });
    tableId = String((await app.http('POST', '/tables', pit, body('Studio Encoder Roulette'))).body['tableId']);
    otherId = String((await app.http('POST', '/tables', pit, body('Other Roulette'))).body['tableId']);
    // the media server: /live/<token>/<table>/<file> (the token in the path: the encoder's relative URIs keep it),
    // every request checked with the studio first
    media = createServer((req, res) => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://media');
        const m = /^\/live\/([^/]*)\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_.-]+)$/.exec(url.pathname);
        if (!m) return res.writeHead(404).end();
        const [, token, table, name] = m as unknown as [string, string, string, string];
        const check = `/media-auth?table=${encodeURIComponent(table)}&token=${token}`;
        const auth = await fetch(`${app.url}${check}`);
        authCalls.push(`${name} ${auth.status}`);
        if (auth.status !== 204) return res.writeHead(403, { 'content-type': 'application/json' }).end(await auth.text());
        const file = join(dir, normalize(name));
        if (!(await stat(file).catch(() => null))?.isFile()) return res.writeHead(404).end();
        const playlist = file.endsWith('.m3u8');
        res.writeHead(200, {
          'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp4',
          // a CDN: the live playlist is never cached; a segment never changes once written
          'cache-control': playlist ? 'no-cache' : 'public, max-age=31536000, immutable',
        });
        res.end(await readFile(file));
      })();
    });
    await new Promise<void>((r) => media.listen(0, '127.0.0.1', r));
    const addr = media.address();
    mediaUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    // the studio's encoder (ffmpeg standing in): a test picture, H.264, LL-HLS fMP4, program date-times from its clock
    encoder = spawn('ffmpeg', [
      '-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=15',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '15',
      '-f', 'hls', '-hls_time', '1', '-hls_list_size', '6', '-hls_segment_type', 'fmp4',
      '-hls_flags', 'program_date_time+independent_segments+delete_segments+omit_endlist+temp_file',
      '-hls_segment_filename', join(dir, 'seg_%d.m4s'), join(dir, 'index.m3u8'),
    ], { stdio: 'ignore' });
  }, 120_000);
  afterAll(async () => {
    encoder?.kill('SIGKILL');
    media?.close();
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the registered media server’s LL-HLS plays for a player with their token, stamped with the encoder’s clock; refused without it or for another table', async () => {
    const admin = app.token('admin1', 'admin');
    const put = await app.http('PUT', `/tables/${tableId}/streams`, admin, { sources: [{ kind: 'll-hls', url: `${mediaUrl}/live/{token}/${tableId}/index.m3u8`, label: '360p', height: 360 }], reason: 'the studio encoder, through the media server' });
    expect(put.status).toBe(200);
    const got = await app.http('GET', `/tables/${tableId}/stream`, app.token('player1', 'player'));
    const signed = (got.body['sources'] as { url: string }[])[0]!.url;
    expect(signed).toMatch(new RegExp(`^${mediaUrl}/live/v1\\.[^/]+/${tableId}/index\\.m3u8$`)); // the token in the path
    const token = signed.split('/')[4] ?? '';
    // the encoder's first segments
    const until = Date.now() + 20_000;
    let playlist = '';
    while (Date.now() < until) {
      const res = await fetch(signed);
      if (res.status === 200) {
        expect(res.headers.get('cache-control')).toBe('no-cache');
        playlist = await res.text();
        if (playlist.includes('#EXTINF')) break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(playlist).toContain('#EXT-X-MAP:URI="init.mp4"');
    // every segment carries the encoder's clock: within a few seconds of the studio's now (same machine, same NTP)
    const pdts = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].map((m) => Date.parse(m[1]!));
    expect(pdts.length).toBeGreaterThanOrEqual(1);
    for (const t of pdts) expect(Math.abs(Date.now() - t)).toBeLessThan(15_000);
    // the segment, resolved against the playlist's URL as a player does: the token comes along in the path
    const seg = /^(seg_\d+\.m4s)$/m.exec(playlist)?.[1] ?? '';
    const segRes = await fetch(new URL(seg, signed));
    expect(segRes.status).toBe(200);
    expect(segRes.headers.get('cache-control')).toContain('immutable');
    expect((await segRes.arrayBuffer()).byteLength).toBeGreaterThan(100);
    // refused: no token, another table's token, a forged one — the media server asked the studio each time
    expect((await fetch(`${mediaUrl}/live/-/${tableId}/index.m3u8`)).status).toBe(403);
    const other = await app.http('GET', `/tables/${otherId}/stream`, app.token('player1', 'player'));
    expect(other.status).toBe(404); // no sources there: NO_STREAM, no token to be had
    await app.http('PUT', `/tables/${otherId}/streams`, admin, { sources: [{ kind: 'll-hls', url: `${mediaUrl}/live/{token}/${otherId}/index.m3u8`, label: '360p' }], reason: 'a second table' });
    const otherToken = ((await app.http('GET', `/tables/${otherId}/stream`, app.token('player1', 'player'))).body['sources'] as { url: string }[])[0]!.url.split('/')[4] ?? '';
    const foreign = await fetch(`${mediaUrl}/live/${otherToken}/${tableId}/index.m3u8`);
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: 'STREAM_TOKEN_REFUSED', details: { reason: 'foreign' } });
    expect((await fetch(`${mediaUrl}/live/${token.slice(0, -4)}AAAA/${tableId}/index.m3u8`)).status).toBe(403);
    expect(authCalls.filter((c) => c.endsWith(' 204')).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
