import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerVideoClock, useSession, videoFrameShown, type VideoReading } from '@felt-studio/ui';
import { frameOnScreen, presentedFrame } from './video-clock';

/**
 * The table's video when the studio has one for it (issue 21 §1): `GET /tables/:id/stream` answers the sources
 * with URLs signed for this player and table (never from the address bar or a static file), asked again
 * before the token expires. WebRTC (WHEP, sub-second) where the table offers it, else LL-HLS, played natively (Safari)
 * or through hls.js (each its own chunk); a WebRTC that fails falls back to LL-HLS. Otherwise — no
 * video, or it fails — the live rendered table (children).
 *
 * Issue 21 §3/§4: while the video plays, its studio time (each segment's EXT-X-PROGRAM-DATE-TIME plus the
 * position of the frame on screen) is the table's video clock: the round's results, cards and winning number
 * wait for it (libs/ui reveal-gate.ts). A latency badge, a "paused / reconnecting" state, mute, and the rendered
 * table whenever the video fails.
 */
type Source = { readonly kind: 'll-hls' | 'whep'; readonly url: string };

/** The table's signed sources: WebRTC (WHEP) first where the browser has it and it has not failed here, else LL-HLS. */
function useStreamSource(tableId: string, whepFailed: boolean): Source | null {
  const { api } = useSession();
  const q = useQuery({
    queryKey: ['stream', tableId],
    queryFn: () => api.tableStream(tableId),
    retry: false,
    staleTime: 60_000,
    // fresh URLs a minute before the token ends
    refetchInterval: (query) => {
      const exp = query.state.data?.expiresAt;
      return exp === undefined ? false : Math.max(30_000, exp - Date.now() - 60_000);
    },
  });
  const sources = q.data?.sources ?? [];
  const whep = typeof RTCPeerConnection === 'function' && !whepFailed ? sources.find((s) => s.kind === 'whep') : undefined;
  const hls = sources.find((s) => s.kind === 'll-hls');
  const pick = whep ?? hls;
  return pick ? { kind: pick.kind, url: pick.url } : null;
}

type VideoState = 'starting' | 'playing' | 'stalled' | 'paused' | 'failed';

/** How long without a new frame before the video counts as stalled (15 fps: a frame every 67 ms). */
const STALL_MS = 600;
/** The studio camera's frame rate (a frame's capture time is its segment's plus n / FPS). */
const FPS = 15;
/** After a failure, the video is tried again this much later (the rendered table meanwhile). */
const RETRY_MS = 10_000;

/** hls.js's studio time at the player's clock (the playing fragment's EXT-X-PROGRAM-DATE-TIME plus the offset in it). */
interface HlsLike {
  readonly playingDate: Date | null;
}

/**
 * One video element playing the table's stream by either transport. What both share: the video clock the reveal
 * gate reads (the studio time of the frame on screen — from the program date-time on LL-HLS, from the frame's
 * pixel stamp on WebRTC), the badge's state, mute.
 */
function StreamVideo({ source, label, tableId, onState, onLatency }: { readonly source: Source; readonly label: string; readonly tableId: string; readonly onState: (s: VideoState) => void; readonly onLatency: (ms: number | null) => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);
  const { t } = useTranslation('player');
  // issue 21 §4: the LL-HLS renditions (heights), the one playing, and the player's pick (-1: automatic, by bandwidth)
  const [levels, setLevels] = useState<readonly number[]>([]);
  const [playing, setPlaying] = useState<number | null>(null);
  const [pick, setPick] = useState(-1);
  const hlsRef = useRef<{ currentLevel: number; nextLevel: number } | null>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let hls: (HlsLike & { destroy(): void }) | null = null;
    let whep: { close(): void } | null = null;
    let stamp: ((v: HTMLVideoElement) => number | null) | null = null;
    /** WebRTC: the stamp of the last frame presented (undefined: none read yet; null: the frames carry none). */
    let stamped: number | null | undefined;
    let disposed = false;
    /** Failed: said once, and nothing reports another state after it (the poll would otherwise overwrite it before it is rendered). */
    let dead = false;
    const fail = (): void => {
      if (disposed || dead) return;
      dead = true;
      onState('failed');
    };
    // the frame on screen: the last one that started at or before the player's clock (requestVideoFrameCallback,
    // where the browser calls it, only says "now" sooner); stalled when the clock has not moved for a while
    let lastTime = -1;
    let movedAt = -Infinity;
    /** HLS: the playing position's studio time (hls.js's program date-time of the position; Safari's start date + position). */
    const dateAt = (): number | null => {
      const date = hls ? hls.playingDate?.getTime() : (video as HTMLVideoElement & { getStartDate?: () => Date }).getStartDate?.().getTime();
      return date === undefined || Number.isNaN(date) ? null : hls ? date : date + video.currentTime * 1000;
    };
    /**
     * HLS, where the browser calls requestVideoFrameCallback: the studio time of the frame it last presented (its
     * mediaTime, not the playing position — under load the position ran a frame ahead of the picture, and a result
     * was shown 30 ms before the frame that shows it) and the position it was read at.
     */
    let presented: { readonly studio: number; readonly currentTime: number } | null = null;
    const studioNow = (): number | null => {
      if (source.kind === 'whep') return stamped ?? null;
      if (presented !== null && Math.abs(video.currentTime - presented.currentTime) < 1) return presented.studio;
      const date = dateAt();
      return date === null ? null : frameOnScreen(date, FPS);
    };
    const read = (): VideoReading => {
      const now = performance.now();
      if (video.currentTime !== lastTime) {
        if (lastTime >= 0 || video.currentTime > 0) movedAt = now;
        lastTime = video.currentTime;
      }
      // a WebRTC video whose frames carry no stamp has no clock: nothing waits for it (it is under a second behind)
      if (source.kind === 'whep' && stamped === null && now - movedAt <= STALL_MS) return null;
      const studio = studioNow();
      if (studio === null || video.paused || now - movedAt > STALL_MS) return 'stalled';
      return { studioTime: studio };
    };
    const unregister = registerVideoClock(tableId, read);
    let rvfc = 0;
    const onFrame = (_now: number, meta?: VideoFrameCallbackMetadata): void => {
      if (disposed) return;
      if (stamp) stamped = stamp(video);
      const date = source.kind === 'll-hls' && meta !== undefined ? dateAt() : null;
      if (date !== null && meta !== undefined) presented = { studio: presentedFrame(date + (meta.mediaTime - video.currentTime) * 1000, FPS), currentTime: video.currentTime };
      videoFrameShown(tableId);
      rvfc = video.requestVideoFrameCallback(onFrame);
    };
    if (typeof video.requestVideoFrameCallback === 'function') rvfc = video.requestVideoFrameCallback(onFrame);
    // the badge and the paused / reconnecting state, a few times a second
    const poll = setInterval(() => {
      if (dead) return;
      if (stamp && typeof video.requestVideoFrameCallback !== 'function') stamped = stamp(video);
      const r = read();
      if (video.paused && video.readyState >= 2) onState('paused');
      else if (r === 'stalled') onState(movedAt === -Infinity ? 'starting' : 'stalled');
      else onState('playing');
      onLatency(r === 'stalled' || r === null ? null : Date.now() - r.studioTime);
    }, 250);
    const onError = fail;
    video.addEventListener('error', onError);
    if (source.kind === 'whep') {
      void import('@felt-studio/ui/whep').then(async ({ playWhep, stampReader }) => {
        if (disposed) return;
        stamp = stampReader();
        try {
          const p = await playWhep(video, source.url, fail);
          if (disposed) p.close();
          else whep = p;
        } catch {
          fail();
        }
      }, fail); // the chunk did not load (offline, a new deployment): the fallback too
    } else {
      // hls.js wherever Media Source Extensions are (its playingDate is the clock); the browser's own HLS only
      // where they are not (iOS Safari). Chromium's own HLS did not parse these fMP4 segments.
      void import('hls.js/light').then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) {
          if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = source.url;
          else fail();
          return;
        }
        // short segments (0.4 s): three behind the live edge, caught up by playing a little faster (a jump when more than eight behind)
        // a camera that is just starting answers 503 for a few seconds: the playlist is asked again meanwhile
        const retry = { maxTimeToFirstByteMs: 15_000, maxLoadTimeMs: 20_000, timeoutRetry: { maxNumRetry: 2, retryDelayMs: 0, maxRetryDelayMs: 0 }, errorRetry: { maxNumRetry: 8, retryDelayMs: 1_000, maxRetryDelayMs: 4_000 } };
        const h = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 3, liveMaxLatencyDurationCount: 8, maxLiveSyncPlaybackRate: 1.2, manifestLoadPolicy: { default: retry }, playlistLoadPolicy: { default: retry } });
        hls = h as unknown as HlsLike & { destroy(): void };
        hlsRef.current = h;
        h.on(Hls.Events.MANIFEST_PARSED, (_e, d) => setLevels(d.levels.map((l) => l.height)));
        h.on(Hls.Events.LEVEL_SWITCHED, (_e, d) => setPlaying(h.levels[d.level]?.height ?? null));
        h.loadSource(source.url);
        h.attachMedia(video);
        h.on(Hls.Events.ERROR, (_e, d) => {
          if (!d.fatal) return;
          if (d.type === Hls.ErrorTypes.MEDIA_ERROR) return h.recoverMediaError();
          fail();
        });
      }, fail);
    }
    return () => {
      disposed = true;
      video.removeEventListener('error', onError);
      clearInterval(poll);
      if (rvfc !== 0 && typeof video.cancelVideoFrameCallback === 'function') video.cancelVideoFrameCallback(rvfc);
      unregister();
      hls?.destroy();
      hlsRef.current = null;
      whep?.close();
    };
  }, [source.kind, source.url, tableId, onState, onLatency]);
  return (
    <>
      <video ref={ref} className="video" autoPlay muted={muted} playsInline aria-label={label} data-transport={source.kind} />
      <div className="video-controls">
        {levels.length > 1 ? (
          <select
            className="video-quality"
            aria-label={t('video.quality')}
            value={pick}
            onChange={(e) => {
              const level = Number(e.target.value);
              setPick(level);
              // a pick by hand switches at the next segment; automatic hands it back to the bandwidth estimate
              if (hlsRef.current) hlsRef.current.nextLevel = level;
            }}
          >
            <option value={-1}>{pick === -1 && playing !== null ? t('video.autoNow', { height: playing }) : t('video.auto')}</option>
            {levels
              .map((h, i) => ({ h, i }))
              .sort((a, b) => b.h - a.h)
              .map(({ h, i }) => (
                <option key={h} value={i}>
                  {t('video.height', { height: h })}
                </option>
              ))}
          </select>
        ) : null}
        <button type="button" className="video-mute" aria-pressed={!muted} onClick={() => setMuted((m) => !m)}>
          {muted ? t('video.unmute') : t('video.mute')}
        </button>
      </div>
    </>
  );
}

/** Tables whose WebRTC failed in this visit: LL-HLS for them from now on (kept outside the component: a layout change remounts it). */
const whepFailedAt = new Set<string>();

export function VideoArea({ tableId, tableName, children }: { readonly tableId: string; readonly tableName: string; readonly children: ReactNode }) {
  const { t } = useTranslation('player');
  const [whepFailed, setWhepFailed] = useState(() => whepFailedAt.has(tableId));
  const source = useStreamSource(tableId, whepFailed);
  const url = source?.url ?? null;
  const [state, setState] = useState<VideoState>('starting');
  const [latency, setLatency] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const failed = state === 'failed';
  useEffect(() => {
    if (!failed) return;
    // WebRTC that fails (a firewall, a full table): LL-HLS at once, for the rest of the visit
    if (source?.kind === 'whep') {
      whepFailedAt.add(tableId);
      setWhepFailed(true);
      setState('starting');
      return;
    }
    const retry = setTimeout(() => {
      setState('starting');
      setAttempt((a) => a + 1);
    }, RETRY_MS);
    return () => clearTimeout(retry);
  }, [failed, source?.kind, tableId]);
  const video = url !== null && !failed;
  return (
    <section className="video-area felt-felt" aria-label={t('video.label', { name: tableName })}>
      {video && source ? <StreamVideo key={`${source.kind}-${attempt}`} source={source} tableId={tableId} label={t('video.stream', { name: tableName })} onState={setState} onLatency={setLatency} /> : null}
      {video ? (
        <p className="video-badge" role="status" data-state={state}>
          {state === 'playing' && latency !== null ? t('video.live', { seconds: (Math.max(0, latency) / 1000).toFixed(1) }) : state === 'paused' ? t('video.paused') : state === 'stalled' ? t('video.reconnecting') : t('video.starting')}
        </p>
      ) : null}
      {url !== null && failed ? (
        <p className="video-badge" role="status" data-state="failed">
          {t('video.failed')}
        </p>
      ) : null}
      <div className={video ? 'live-view is-overlay' : 'live-view'}>{children}</div>
    </section>
  );
}
