import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RTCPeerConnection } from 'werift';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { issueStreamToken } from '../streams/stream-tokens.js';
import { StreamsModule } from '../streams/streams.module.js';
import { StreamsService } from '../streams/streams.service.js';
import { CameraModule } from './camera.module.js';
import { CameraService, cameraRoot } from './camera.service.js';
import { H264 } from './camera.webrtc.js';
import { GAME_DEFINITIONS } from '@felt-studio/games';
import { equipmentOf, FRAME, readStamp } from './camera.render.js';

/**
 * Issue 21 §2: the demo studio camera — LL-HLS from ffmpeg (Debian's; `.ci/run` installs it), served behind the
 * stream token, encoding only the tables someone watches, every segment carrying its studio capture time.
 */
describe('the demo studio camera', () => {
  let app: RoundsApp;
  let watched = '';
  let other = '';
  beforeAll(async () => {
    app = await bootRoundsApp({ imports: [StreamsModule, CameraModule] });
    const pit = app.token('pitboss1', 'pitboss');
    const body = (name: string) => ({ name, game: 'roulette', profileId: 'european', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 15 });
    watched = String((await app.http('POST', '/tables', pit, body('Camera Roulette'))).body['tableId']);
    other = String((await app.http('POST', '/tables', pit, body('Unwatched Roulette'))).body['tableId']);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  const tokenFor = async (tableId: string): Promise<string> => {
    const admin = app.token('admin1', 'admin');
    await app.http('PUT', `/tables/${tableId}/streams`, admin, { sources: [{ kind: 'll-hls', url: `${app.url}/media/${tableId}/index.m3u8`, label: '360p', height: 360 }], reason: 'demo camera' });
    const got = await app.http('GET', `/tables/${tableId}/stream`, app.token('player1', 'player'));
    return new URL((got.body['sources'] as { url: string }[])[0]!.url).searchParams.get('token') ?? '';
  };
  const get = (path: string) => fetch(`${app.url}${path}`);

  it('refuses a missing, expired or another table’s token, encodes nothing before a viewer asks', async () => {
    const camera = app.get(CameraService);
    expect(camera.unavailable).toBeNull(); // ffmpeg is installed (CI: .ci/run phase_apt)
    const token = await tokenFor(watched);
    const otherToken = await tokenFor(other);
    expect(camera.encoding()).toEqual([]);
    expect(await (await get(`/media/${watched}/index.m3u8`)).json()).toMatchObject({ code: 'STREAM_TOKEN_REFUSED', details: { reason: 'missing' } });
    expect(await (await get(`/media/${watched}/index.m3u8?token=${encodeURIComponent(otherToken)}`)).json()).toMatchObject({ code: 'STREAM_TOKEN_REFUSED', details: { reason: 'foreign' } });
    const secret = (app.get(StreamsService) as unknown as { secret(): string }).secret();
    const expired = issueStreamToken(secret, { playerId: 'player1', tableId: watched, nowMs: Date.now() - 3_600_000 }).token;
    expect(await (await get(`/media/${watched}/index.m3u8?token=${encodeURIComponent(expired)}`)).json()).toMatchObject({ code: 'STREAM_TOKEN_REFUSED', details: { reason: 'expired' } });
    expect((await get(`/media/${watched}/..%2F..%2Fetc%2Fpasswd?token=${encodeURIComponent(token)}`)).status).toBe(400);
    expect(camera.encoding()).toEqual([]); // refused requests start nothing
    expect(token).not.toBe('');
  });

  it('a viewer starts the table’s camera: a live playlist with the studio time of every segment, each frame stamped with it; off again once nobody watches', async () => {
    const camera = app.get(CameraService);
    const token = await tokenFor(watched);
    const q = `token=${encodeURIComponent(token)}`;
    const res = await get(`/media/${watched}/index.m3u8?${q}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('mpegurl');
    // issue 21 §4: the master playlist lists the renditions, each with the viewer's token
    const master = await res.text();
    expect(master).toContain('RESOLUTION=640x360');
    expect(master).toContain('RESOLUTION=320x180');
    expect(master).toContain(`360p/stream.m3u8?${q}`);
    expect(master).toContain(`180p/stream.m3u8?${q}`);
    expect(camera.encoding()).toEqual([watched]); // only the watched table
    const playlist = await (await get(`/media/${watched}/360p/stream.m3u8?${q}`)).text();
    expect(playlist).toContain(`#EXT-X-MAP:URI="init_0.mp4?${q}"`);
    expect((await get(`/media/${watched}/180p/stream.m3u8?${q}`)).status).toBe(200);
    expect((await get(`/media/${watched}/720p/stream.m3u8?${q}`)).status).toBe(400); // not a rendition
    expect((await get(`/media/${watched}/stream.m3u8?${q}`)).status).toBe(400); // a rendition's file outside it
    const segs = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:([\d.]+),\n(seg_\d+\.m4s)\?token=/g)].map((m) => ({ pdt: Date.parse(m[1]!), dur: Number(m[2]), name: m[3]! }));
    expect(segs.length).toBeGreaterThanOrEqual(1); // served as soon as the first segment is written
    for (const s of segs) expect(s.dur).toBeCloseTo(0.4, 3); // 6 frames at 15 fps, each segment from a key frame
    // the program date-time of a segment is the capture time stamped in its first frame
    const seg = segs[segs.length - 1]!;
    const init = Buffer.from(await (await get(`/media/${watched}/360p/init_0.mp4?${q}`)).arrayBuffer());
    const media = await get(`/media/${watched}/360p/${seg.name}?${q}`);
    expect(media.status).toBe(200);
    const bytes = Buffer.concat([init, Buffer.from(await media.arrayBuffer())]);
    const decoded = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], { input: bytes, maxBuffer: 8 << 20 });
    expect(decoded.status).toBe(0);
    expect(readStamp(decoded.stdout, FRAME.width, FRAME.height)).toBe(Math.round(seg.pdt));
    expect((await get(`/media/${watched}/360p/seg_999999.m4s?${q}`)).status).toBe(404);
    // nobody asks for a while: the camera stops
    camera.reap(Date.now() + 25_000);
    expect(camera.encoding()).toEqual([]);
  }, 30_000);

  it('WHEP (WebRTC): a token-checked offer gets an answer, the viewer receives the camera’s H.264 over RTP, and leaving stops the encoder', async () => {
    const camera = app.get(CameraService);
    const token = await tokenFor(other);
    const q = `token=${encodeURIComponent(token)}`;
    const viewer = new RTCPeerConnection({ codecs: { video: [H264()] } });
    viewer.addTransceiver('video', { direction: 'recvonly' });
    let packets = 0;
    viewer.onTrack.subscribe((track) => track.onReceiveRtp.subscribe(() => packets++));
    await viewer.setLocalDescription(await viewer.createOffer());
    const offer = viewer.localDescription!.sdp;
    const post = (query: string, sdp: string, type = 'application/sdp') => fetch(`${app.url}/media/${other}/whep?${query}`, { method: 'POST', headers: { 'content-type': type }, body: sdp });
    // refused before anything starts: no token, the wrong content type, not an offer
    expect(await (await post('', offer)).json()).toMatchObject({ code: 'STREAM_TOKEN_REFUSED' });
    expect(await (await post(q, offer, 'application/json')).json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(await (await post(q, 'hello')).json()).toMatchObject({ code: 'INVALID_INPUT' });
    expect(camera.webrtcPeers(other)).toBe(0);
    const res = await post(q, offer);
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toContain('application/sdp');
    const location = res.headers.get('location') ?? '';
    expect(location).toMatch(new RegExp(`^/media/${other}/whep/[0-9a-f-]{36}\\?token=`));
    await viewer.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    expect(camera.webrtcPeers(other)).toBe(1);
    const until = Date.now() + 15_000;
    while (packets < 30 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(packets).toBeGreaterThanOrEqual(30); // ~2 s of 360p15 reached the viewer
    expect(camera.encoding()).toContain(other);
    // another's session id or a missing one: refused
    expect((await fetch(`${app.url}/media/${other}/whep/00000000-0000-0000-0000-000000000000?${q}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${app.url}${location}`, { method: 'DELETE' })).status).toBe(204);
    expect(camera.webrtcPeers(other)).toBe(0);
    await viewer.close();
    camera.reap(Date.now() + 25_000);
    expect(camera.encoding()).not.toContain(other);
  }, 40_000);

  it('the LL-HLS encoder stopped while a WebRTC viewer keeps the camera on, then asked for again: a fresh playlist whose program date-times are still the frames’ capture times', async () => {
    const camera = app.get(CameraService);
    const token = await tokenFor(other);
    const q = `token=${encodeURIComponent(token)}`;
    // a WebRTC viewer keeps the camera on (the browser test's desktop page)
    const viewer = new RTCPeerConnection({ codecs: { video: [H264()] } });
    viewer.addTransceiver('video', { direction: 'recvonly' });
    await viewer.setLocalDescription(await viewer.createOffer());
    const res = await fetch(`${app.url}/media/${other}/whep?${q}`, { method: 'POST', headers: { 'content-type': 'application/sdp' }, body: viewer.localDescription!.sdp });
    expect(res.status).toBe(201);
    await viewer.setRemoteDescription({ type: 'answer', sdp: await res.text() });
    /** The playlist's last segment: its program date-time and the capture time stamped in its first frame. */
    const lastSegment = async (): Promise<{ seq: number; pdt: number; stamp: number }> => {
      const playlist = await (await get(`/media/${other}/360p/stream.m3u8?${q}`)).text();
      const segs = [...playlist.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)\n#EXTINF:[\d.]+,\n(seg_(\d+)\.m4s)\?token=/g)];
      const last = segs[segs.length - 1]!;
      const init = Buffer.from(await (await get(`/media/${other}/360p/init_0.mp4?${q}`)).arrayBuffer());
      const media = Buffer.from(await (await get(`/media/${other}/360p/${last[2]}?${q}`)).arrayBuffer());
      const decoded = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], { input: Buffer.concat([init, media]), maxBuffer: 8 << 20 });
      expect(decoded.status).toBe(0);
      return { seq: Number(last[3]), pdt: Date.parse(last[1]!), stamp: readStamp(decoded.stdout, FRAME.width, FRAME.height) };
    };
    const first = await lastSegment();
    expect(first.pdt).toBe(first.stamp);
    // nobody asks for LL-HLS a while: its encoder stops, the camera stays on for the WebRTC viewer
    camera.reap(Date.now() + 25_000);
    expect(camera.encoding()).toContain(other);
    await new Promise((r) => setTimeout(r, 1_500));
    // asked again: a new encoder numbering its segments from 0, in a directory of its own (the stopped one's
    // playlist, numbered far higher, is not served), its segments still dated by the capture time of their frames
    const again = await lastSegment();
    expect(again.seq).toBeLessThan(first.seq + 3);
    expect(again.pdt).toBe(again.stamp);
    expect(again.pdt).toBeGreaterThan(first.pdt + 1_000);
    await viewer.close();
    camera.reap(Date.now() + 25_000);
    camera.reap(Date.now() + 50_000);
  }, 40_000);

  it('issue 21 §4: a still of the table for staff (JPEG, from the public view), refused to players, without starting the camera', async () => {
    const camera = app.get(CameraService);
    const before = camera.encoding();
    const res = await fetch(`${app.url}/tables/${watched}/thumbnail`, { headers: { authorization: `Bearer ${app.token('pitboss1', 'pitboss')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    const jpeg = Buffer.from(await res.arrayBuffer());
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff])); // a JPEG
    const decoded = spawnSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-i', 'pipe:0', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], { input: jpeg, maxBuffer: 8 << 20 });
    expect(decoded.stdout.length).toBe(FRAME.width * FRAME.height * 4);
    expect(Math.abs(readStamp(decoded.stdout, FRAME.width, FRAME.height) - Date.now())).toBeLessThan(10_000); // stamped now
    expect((await fetch(`${app.url}/tables/${watched}/thumbnail`, { headers: { authorization: `Bearer ${app.token('player1', 'player')}` } })).status).toBe(403);
    expect(camera.encoding()).toEqual(before); // a still starts no encoder
  });
});

describe('the camera’s working directory', () => {
  it('a process killed before it cleaned up leaves its felt-camera-* behind: the next one removes it (a live one’s stays)', () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']).stdout.toString(); // exited: its pid is free
    const leftover = join(tmpdir(), `felt-camera-test-dead-${dead}`);
    const live = join(tmpdir(), `felt-camera-test-live-${process.pid}`);
    mkdirSync(join(leftover, 'tbl-1'), { recursive: true });
    writeFileSync(join(leftover, 'pid'), dead);
    mkdirSync(live, { recursive: true });
    writeFileSync(join(live, 'pid'), String(process.pid));
    const root = cameraRoot();
    try {
      expect(existsSync(leftover)).toBe(false);
      expect(existsSync(live)).toBe(true);
      expect(readFileSync(join(root, 'pid'), 'utf8')).toBe(String(process.pid));
    } finally {
      rmSync(root, { recursive: true, force: true });
      rmSync(live, { recursive: true, force: true });
      rmSync(leftover, { recursive: true, force: true });
    }
  });
});

describe('what the camera sees comes from the game’s devices, not its name (issue 19 §4)', () => {
  it('a wheel reporting pockets is a roulette wheel, a money wheel its segments; every other game a table of cards and dice', () => {
    const seen = Object.fromEntries(Object.entries(GAME_DEFINITIONS).map(([id, d]) => [id, equipmentOf(Object.keys((d as { devices?: { reporters?: object } }).devices?.reporters ?? {}))]));
    expect(seen['roulette']).toBe('roulette-wheel');
    expect(seen['money-wheel']).toBe('money-wheel');
    expect(Object.entries(seen).filter(([, e]) => e !== 'table').map(([id]) => id).sort()).toEqual(['money-wheel', 'roulette']);
  });
});
