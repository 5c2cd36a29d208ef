import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable, Logger, Optional, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { createCanvas } from '@napi-rs/canvas';
import type { Subscription } from 'rxjs';
import { GAME_DEFINITIONS, type Audience } from '@felt-studio/games';
import { FELT_CONFIG, settingOf, type FeltConfig } from '../config/config.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { codedError } from '../shared/error-codes.js';
import { unwrap } from '../shared/http-errors.js';
import { TablesService } from '../tables/tables.service.js';
import { SEGMENT_FRAMES, type EncoderFactory, type FrameSink, type RenditionName, type RtpEncoderFactory } from './camera.encoder.js';
import { cameraFeed, type FeedFactory, type FrameFeed } from './camera.feed.js';
import { FRAME_MS } from './camera.frames.js';
import { signPlaylist } from './camera.playlist.js';
import { drawScene, equipmentOf, FRAME, type CameraEquipment } from './camera.render.js';
import { CameraTimeline } from './camera.timeline.js';
import { WEBRTC_LIMITS, WebRtcOut } from './camera.webrtc.js';

export const CAMERA_ENCODER = Symbol('CAMERA_ENCODER');
/** The WebRTC path's encoder (H.264 RTP to a loopback port). */
export const CAMERA_RTP_ENCODER = Symbol('CAMERA_RTP_ENCODER');
/** Why the camera cannot encode here (ffmpeg missing), or null. */
export const CAMERA_UNAVAILABLE = Symbol('CAMERA_UNAVAILABLE');

/** The camera's audience: a player with no bets sees what the table shows everyone (redacted like any player). */
const CAMERA_AUDIENCE: Audience = { role: 'player', playerId: '~camera' };

export const CAMERA_TIMING = {
  /**
   * A frame captured at T is drawn at T + this: the commit that happened at T (its `at`, stamped where the
   * device event entered) has reached the camera by then, so the frame stamped T shows everything up to T.
   */
  captureDelayMs: 300,
  /** Encoding stops this long after the last media request of any viewer. */
  idleStopMs: 20_000,
  /** A playlist request waits this long for a starting camera's first segments. */
  firstPlaylistWaitMs: 10_000,
} as const;

/** What a camera sees on a table of `game`: from what its devices report (the game's definition), never its name. */
function cameraEquipment(game: string): CameraEquipment {
  const def = (GAME_DEFINITIONS as Readonly<Record<string, { readonly devices?: { readonly reporters?: Readonly<Record<string, unknown>> } }>>)[game];
  return equipmentOf(Object.keys(def?.devices?.reporters ?? {}));
}
/** A table's still is drawn at most this often, whoever asks. */
const THUMBNAIL_MS = 2_000;

/**
 * This process's working directory for the cameras' segments, with its pid in it. A process killed before it could
 * clean up leaves its directory behind: the next one removes every `felt-camera-*` whose process is gone.
 */
export function cameraRoot(): string {
  const base = tmpdir();
  for (const name of readdirSync(base)) {
    if (!name.startsWith('felt-camera-')) continue;
    const dir = join(base, name);
    const pid = Number(readFileSafe(join(dir, 'pid')));
    const alive = Number.isInteger(pid) && pid > 0 && processAlive(pid);
    // a directory without a pid is from a version before this one: left alone for an hour (it may be starting)
    const old = Number.isNaN(pid) && Date.now() - (statSafe(dir) ?? Date.now()) > 3_600_000;
    if ((Number.isInteger(pid) && pid > 0 && !alive) || old) rmSync(dir, { recursive: true, force: true });
  }
  const root = mkdtempSync(join(base, 'felt-camera-'));
  writeFileSync(join(root, 'pid'), String(process.pid));
  return root;
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return 'none';
  }
}

function statSafe(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** Whether a process runs (signal 0 checks without signalling; EPERM: it runs as someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One table's camera while someone watches: its frames (15 fps on its own frame clock, made by the feed — a worker
 * thread in the built server) go to the encoders viewers use (LL-HLS, WebRTC).
 */
class CameraSession {
  /** What the camera saw (the thumbnail reads it; the feed keeps its own copy). */
  readonly timeline = new CameraTimeline();
  /** Capture time of frame 0; frame n is stamped t0 + n / fps (the playlist's program date-times follow it). */
  readonly t0: number;
  /** The next frame to arrive. */
  private n = 0;
  private readonly feed: FrameFeed;
  /** Last LL-HLS request (the HLS encoder stops CAMERA_TIMING.idleStopMs after it). */
  lastViewerAt: number;
  framesWritten = 0;
  /** The LL-HLS encoder while HLS viewers ask for the stream, else null. */
  hls: FrameSink | null = null;
  /**
   * The running LL-HLS encoder's directory and the frame it was started at. The encoder starts on demand and is
   * stopped when nobody asks (a WebRTC viewer may keep the camera on meanwhile): each start writes a directory of
   * its own (a new ffmpeg numbers its segments from 0 again; the last one's playlists must not be served as its),
   * and its segment 0 begins at the frame it was started at, not the camera's frame 0.
   */
  hlsDir: string;
  private hlsFirstFrame = 0;
  private hlsStarts = 0;

  constructor(
    readonly tableId: string,
    table: { readonly name: string; readonly equipment: CameraEquipment },
    readonly dir: string,
    readonly webrtc: WebRtcOut,
    clock: Clock,
    feed: FeedFactory,
    log: (line: string) => void,
  ) {
    this.t0 = Math.ceil((clock.now() - CAMERA_TIMING.captureDelayMs) / FRAME_MS) * FRAME_MS;
    this.lastViewerAt = clock.now();
    this.hlsDir = join(dir, 'hls-0');
    this.feed = feed({ table, t0: this.t0, captureDelayMs: CAMERA_TIMING.captureDelayMs, now: () => clock.now(), log }, (rgba, n, release) => this.frame(rgba, n, release));
  }

  /** The public view in force from `at` (a commit at the table). */
  push(at: number, view: Record<string, unknown> | null): void {
    this.timeline.push(at, view);
    this.feed.push(at, view);
  }

  /** The capture time of the first frame of the running LL-HLS encoder's segment `seq` (its program date-time). */
  segmentStart(seq: number): number {
    return this.t0 + (this.hlsFirstFrame + seq * SEGMENT_FRAMES) * FRAME_MS;
  }

  /** Starts the LL-HLS encoder (none running): in a directory of its own, from the next frame the clock writes. */
  startHls(encoder: EncoderFactory): FrameSink {
    this.hlsFirstFrame = this.n;
    this.hlsDir = join(this.dir, `hls-${++this.hlsStarts}`);
    mkdirSync(this.hlsDir, { recursive: true });
    const sink = encoder(this.hlsDir);
    this.hls = sink;
    return sink;
  }

  /** Frame `n` to every running encoder; its buffer goes back to the feed once each has taken it. */
  private frame(rgba: Buffer, n: number, release: () => void): void {
    this.n = n + 1;
    const sinks = [this.hls, this.webrtc.sink].filter((s): s is FrameSink => s !== null);
    let writing = sinks.length;
    if (writing === 0) release();
    for (const s of sinks)
      s.write(rgba, () => {
        if (--writing === 0) release();
      });
    this.framesWritten++;
  }

  /** Whether anyone watches: an LL-HLS viewer lately or a WebRTC peer. */
  watched(now: number): boolean {
    return (this.hls !== null && now - this.lastViewerAt < CAMERA_TIMING.idleStopMs) || this.webrtc.peerCount > 0;
  }

  async stopHls(): Promise<void> {
    const h = this.hls;
    const dir = this.hlsDir;
    this.hls = null;
    await h?.stop();
    if (h) rmSync(dir, { recursive: true, force: true });
  }

  async stop(): Promise<void> {
    await Promise.all([this.feed.stop(), this.stopHls(), this.webrtc.stop()]);
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * Issue 21 §2: the demo studio camera. A camera per table, running only while someone watches it (started by
 * the first media request, stopped CAMERA_TIMING.idleStopMs after the last), drawing the table from the
 * commits the devices' events made (the public view at each commit's studio time), every frame stamped with
 * the studio clock, encoded to LL-HLS by the encoder port (ffmpeg) and served by CameraController behind the
 * stream token.
 */
@Injectable()
export class CameraService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('Camera');
  private readonly sessions = new Map<string, CameraSession>();
  private readonly starting = new Map<string, Promise<CameraSession>>();
  private readonly root = cameraRoot();
  private readonly thumbs = new Map<string, { readonly at: number; readonly jpeg: Buffer }>();
  private sub: Subscription | null = null;
  private reaper: NodeJS.Timeout | null = null;
  /** Where frames are made: this thread, or a worker thread per camera (FELT_CAMERA_THREAD=worker, the built server). */
  private readonly feed: FeedFactory;

  constructor(
    private readonly rounds: RoundsService,
    private readonly tables: TablesService,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CAMERA_ENCODER) private readonly encoder: EncoderFactory,
    @Inject(CAMERA_RTP_ENCODER) private readonly rtpEncoder: RtpEncoderFactory,
    @Inject(CAMERA_UNAVAILABLE) readonly unavailable: string | null,
    @Optional() @Inject(FELT_CONFIG) config: FeltConfig | null = null,
  ) {
    this.feed = cameraFeed(settingOf(config, 'cameraThread'));
  }

  onModuleInit(): void {
    this.sub = this.rounds.frames$.subscribe((f) => {
      const s = this.sessions.get(f.tableId);
      const last = f.events[f.events.length - 1];
      if (!s || !last) return;
      s.push(last.at, f.kernel.view(f.state, CAMERA_AUDIENCE) as Record<string, unknown>);
    });
    this.reaper = setInterval(() => this.reap(), 1_000);
    this.reaper.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.sub?.unsubscribe();
    if (this.reaper) clearInterval(this.reaper);
    await Promise.all([...this.sessions.values()].map((s) => s.stop()));
    this.sessions.clear();
    rmSync(this.root, { recursive: true, force: true });
  }

  /** The tables being encoded now (nobody watching → not listed). */
  encoding(): string[] {
    return [...this.sessions.keys()];
  }

  /** The WebRTC peers of a table's camera on this instance. */
  webrtcPeers(tableId: string): number {
    return this.sessions.get(tableId)?.webrtc.peerCount ?? 0;
  }

  /** The table's camera session (started if it was not: the timeline and the frame clock; its encoders start on demand). */
  private async session(tableId: string): Promise<CameraSession> {
    if (this.unavailable !== null) throw codedError('CAMERA_OFF', `the studio camera is off: ${this.unavailable}`, { reason: this.unavailable });
    const s = this.sessions.get(tableId);
    if (s) return s;
    const pending = this.starting.get(tableId) ?? this.start(tableId);
    this.starting.set(tableId, pending);
    try {
      return await pending;
    } finally {
      this.starting.delete(tableId);
    }
  }

  /** An LL-HLS viewer asked for the table's media: the camera and its HLS encoder run (started if they were not) and stay on a while. */
  async watch(tableId: string): Promise<CameraSession> {
    const s = await this.session(tableId);
    s.lastViewerAt = this.clock.now();
    if (s.hls === null) {
      const sink = s.startHls(this.encoder);
      this.log.log(`camera ${tableId}: LL-HLS on (a viewer)`);
      sink.exited.then(
        (code) => {
          if (s.hls !== sink) return;
          this.log.warn(`camera ${tableId}: LL-HLS encoder exited (${code}); the next viewer restarts it`);
          s.hls = null;
        },
        () => undefined,
      );
    }
    return s;
  }

  /** A WHEP offer (issue 21 §2, WebRTC): a peer connection sending the table's camera; the answer SDP and the session to DELETE. */
  async whepOffer(tableId: string, offerSdp: string): Promise<{ readonly session: string; readonly sdp: string }> {
    const s = await this.session(tableId);
    if (s.webrtc.peerCount >= WEBRTC_LIMITS.maxPeersPerTable) throw codedError('WHEP_FULL', `table ${tableId} has ${WEBRTC_LIMITS.maxPeersPerTable} WebRTC viewers on this instance: take the LL-HLS stream`, { max: WEBRTC_LIMITS.maxPeersPerTable });
    try {
      const a = await s.webrtc.answer(offerSdp);
      this.log.log(`camera ${tableId}: WebRTC viewer ${a.session.slice(0, 8)} (${s.webrtc.peerCount} now)`);
      return a;
    } catch (e) {
      throw codedError('WHEP_OFFER_REFUSED', `the WebRTC offer was refused: ${(e as Error).message}`);
    }
  }

  /** A WebRTC viewer leaves (WHEP DELETE). */
  async whepClose(tableId: string, session: string): Promise<void> {
    const s = this.sessions.get(tableId);
    if (!s?.webrtc.has(session)) throw codedError('WHEP_SESSION_NOT_FOUND', `no WebRTC viewer ${session} at ${tableId}`);
    await s.webrtc.close(session);
  }

  private async start(tableId: string): Promise<CameraSession> {
    const table = unwrap(await this.tables.get(tableId));
    const now = await this.rounds.viewOf(tableId, CAMERA_AUDIENCE);
    const dir = join(this.root, `${tableId}-${this.clock.now()}`);
    mkdirSync(dir, { recursive: true });
    const webrtc = new WebRtcOut(this.rtpEncoder, (line) => this.log.warn(`camera ${tableId}: ${line}`));
    const s = new CameraSession(tableId, { name: table.name, equipment: cameraEquipment(table.game) }, dir, webrtc, this.clock, this.feed, (line) => this.log.warn(`camera ${tableId}: ${line}`));
    s.push(s.t0 - 1, (now.view ?? null) as Record<string, unknown> | null);
    this.sessions.set(tableId, s);
    this.log.log(`camera ${tableId}: on (a viewer)`);
    return s;
  }

  /** Every second: stops the LL-HLS encoder nobody has asked for since CAMERA_TIMING.idleStopMs, and the camera nobody watches at all. */
  reap(now = this.clock.now()): void {
    for (const [tableId, s] of this.sessions) {
      if (s.hls !== null && now - s.lastViewerAt >= CAMERA_TIMING.idleStopMs) {
        this.log.log(`camera ${tableId}: LL-HLS off (nobody asking)`);
        void s.stopHls();
      }
      // a session that was just started for a WebRTC offer has its peer before this runs again
      if (s.watched(now) || now - s.t0 < CAMERA_TIMING.idleStopMs) continue;
      this.sessions.delete(tableId);
      this.log.log(`camera ${tableId}: off (nobody watching)`);
      s.stop().catch((e: unknown) => this.log.warn(`camera ${tableId}: ${(e as Error).message}`));
    }
  }

  /**
   * Issue 21 §4: a still of the table for the pit boss's floor and the dealer's tablet — what the camera sees now
   * (the public view; the running camera's timeline when someone watches, so a spin is mid-turn), JPEG, 640×360.
   * Drawn on request without ffmpeg, and shared for THUMBNAIL_MS (every pit boss's floor asks for every table).
   */
  async thumbnail(tableId: string): Promise<Buffer> {
    const now = this.clock.now();
    const hit = this.thumbs.get(tableId);
    if (hit && now - hit.at < THUMBNAIL_MS) return hit.jpeg;
    const table = unwrap(await this.tables.get(tableId));
    const s = this.sessions.get(tableId);
    const at = now - CAMERA_TIMING.captureDelayMs;
    const e = s?.timeline.at(at);
    const view = e ? e.view : (((await this.rounds.viewOf(tableId, CAMERA_AUDIENCE)).view ?? null) as Record<string, unknown> | null);
    const canvas = createCanvas(FRAME.width, FRAME.height);
    drawScene(canvas.getContext('2d'), { tableName: table.name, equipment: cameraEquipment(table.game), view, at, spinSince: e?.spinSince ?? null });
    const jpeg = await canvas.encode('jpeg', 70);
    this.thumbs.set(tableId, { at: now, jpeg });
    return jpeg;
  }

  /** The master playlist for one viewer: the renditions, each URI with their token. */
  async masterPlaylist(tableId: string, token: string): Promise<string> {
    const s = await this.watch(tableId);
    const text = await this.waitFor(tableId, join(s.hlsDir, 'index.m3u8'), (t) => t.includes('#EXT-X-STREAM-INF'));
    return signPlaylist(text, token, () => 0);
  }

  /** One rendition's live playlist for one viewer (their token on every URI, the studio time of every segment). */
  async playlist(tableId: string, rendition: RenditionName, token: string): Promise<string> {
    const s = await this.watch(tableId);
    const text = await this.waitFor(tableId, join(s.hlsDir, rendition, 'stream.m3u8'), (t) => t.includes('#EXTINF'));
    return signPlaylist(text, token, (seq) => s.segmentStart(seq));
  }

  /** A playlist a starting camera has not written yet is waited for (CAMERA_TIMING.firstPlaylistWaitMs). */
  private async waitFor(tableId: string, file: string, ready: (text: string) => boolean): Promise<string> {
    const end = Date.now() + CAMERA_TIMING.firstPlaylistWaitMs;
    for (;;) {
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text !== null && ready(text)) return text;
      if (Date.now() > end) throw codedError('CAMERA_STARTING', `the camera of ${tableId} has no video yet: ask again in a moment`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** A segment or the init segment of the table's live stream. */
  async file(tableId: string, name: string): Promise<Buffer> {
    const s = await this.watch(tableId);
    const path = join(s.hlsDir, name);
    if (!(await stat(path).catch(() => null))?.isFile()) throw codedError('MEDIA_NOT_FOUND', `${name} is not in the live window of ${tableId}`);
    return readFile(path);
  }
}
