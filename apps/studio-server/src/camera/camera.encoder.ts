import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { FRAME } from './camera.render.js';

/**
 * Issue 21 §2: the camera's encoder port — raw RGBA frames in, LL-HLS out (fMP4 segments of SEGMENT_FRAMES
 * frames, each starting on a key frame, and a live playlist in `dir`). The demo uses Debian's ffmpeg (libx264);
 * nothing here encodes or muxes by hand.
 */
export const SEGMENT_FRAMES = 6; // 0.4 s at 15 fps
export const SEGMENT_S = SEGMENT_FRAMES / FRAME.fps;

export interface FrameSink {
  /**
   * One raw RGBA frame of FRAME.width × FRAME.height; false when the encoder is behind. `done` is called once when
   * the encoder has taken all of it (or failed): until then `rgba` must not change (it is written as it is, not copied).
   */
  write(rgba: Buffer, done: () => void): boolean;
  stop(): Promise<void>;
  readonly exited: Promise<number | null>;
}

export type EncoderFactory = (dir: string) => FrameSink;

/** Whether `bin` runs (`ffmpeg -version`); null when it does, else why not. */
export function ffmpegMissing(bin: string): string | null {
  if (bin === 'off') return 'FELT_CAMERA_FFMPEG=off';
  const r = spawnSync(bin, ['-hide_banner', '-version'], { stdio: 'ignore', timeout: 5_000 });
  if (r.error) return `${bin} not found (${(r.error as NodeJS.ErrnoException).code ?? r.error.message})`;
  return r.status === 0 ? null : `${bin} -version exited with ${r.status}`;
}

/**
 * The LL-HLS renditions (issue 21 §4): the camera's picture, and a quarter of it for a weak connection. One ffmpeg
 * encodes both from the same frames (split, scale); hls.js picks by bandwidth, the player may pick by hand.
 */
export const RENDITIONS = [
  { name: '360p', width: FRAME.width, height: FRAME.height, kbps: 500 },
  { name: '180p', width: FRAME.width / 2, height: FRAME.height / 2, kbps: 150 },
] as const;
export type RenditionName = (typeof RENDITIONS)[number]['name'];

/**
 * The ffmpeg arguments: rawvideo on stdin → H.264 (x264, zero-latency, fixed GOP) per rendition → HLS fMP4 with
 * short segments: a master playlist `index.m3u8`, and `<rendition>/stream.m3u8`, `init_<i>.mp4`, `seg_<n>.m4s`.
 */
export function ffmpegArgs(dir: string): string[] {
  const [hi, lo] = RENDITIONS;
  return [
    '-hide_banner',
    '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${FRAME.width}x${FRAME.height}`, '-r', String(FRAME.fps), '-i', 'pipe:0',
    '-an',
    '-filter_complex', `[0:v]split=2[hi][lo0];[lo0]scale=${lo.width}:${lo.height}[lo]`,
    '-map', '[hi]', '-map', '[lo]',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p',
    '-g', String(SEGMENT_FRAMES), '-keyint_min', String(SEGMENT_FRAMES), '-sc_threshold', '0',
    '-b:v:0', `${hi.kbps}k`, '-maxrate:v:0', `${Math.round(hi.kbps * 1.4)}k`, '-bufsize:v:0', `${Math.round(hi.kbps * 0.7)}k`,
    '-b:v:1', `${lo.kbps}k`, '-maxrate:v:1', `${Math.round(lo.kbps * 1.4)}k`, '-bufsize:v:1', `${Math.round(lo.kbps * 0.7)}k`,
    '-f', 'hls', '-hls_time', String(SEGMENT_S), '-hls_list_size', '12',
    '-hls_flags', 'delete_segments+independent_segments+omit_endlist+temp_file',
    '-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4',
    '-start_number', '0',
    '-master_pl_name', 'index.m3u8',
    '-var_stream_map', `v:0,name:${hi.name} v:1,name:${lo.name}`,
    '-hls_segment_filename', `${dir}/%v/seg_%d.m4s`,
    `${dir}/%v/stream.m3u8`,
  ];
}

export function ffmpegEncoder(bin: string, log: (line: string) => void): EncoderFactory {
  return (dir) => ffmpegSink(bin, ffmpegArgs(dir), log);
}

/** Raw RGBA frames in, H.264 RTP out to `127.0.0.1:port` (the WebRTC path's one encoder per table; camera.webrtc.ts forwards it to every peer). */
export type RtpEncoderFactory = (port: number) => FrameSink;

/** Key frames every second on the WebRTC path: a viewer joining sees a picture within a second (no PLI reaches ffmpeg). */
export const RTP_GOP_FRAMES = FRAME.fps;

/** The ffmpeg arguments of the WebRTC path: rawvideo on stdin → H.264 constrained baseline (x264, zero-latency: no B-frames, no lookahead) → RTP packets of ≤ 1 200 bytes. */
export function ffmpegRtpArgs(port: number): string[] {
  return [
    '-hide_banner',
    '-loglevel', 'error',
    '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${FRAME.width}x${FRAME.height}`, '-r', String(FRAME.fps), '-i', 'pipe:0',
    '-an',
    '-c:v', 'libx264', '-preset', 'ultrafast', '-tune', 'zerolatency', '-profile:v', 'baseline', '-pix_fmt', 'yuv420p',
    '-g', String(RTP_GOP_FRAMES), '-keyint_min', String(RTP_GOP_FRAMES), '-sc_threshold', '0',
    '-b:v', '600k', '-maxrate', '800k', '-bufsize', '200k',
    '-bsf:v', 'h264_mp4toannexb',
    '-f', 'rtp', '-payload_type', '96',
    `rtp://127.0.0.1:${port}?pkt_size=1200`,
  ];
}

/** Spawns ffmpeg per the arguments `args` builds; frames are written to its stdin. */
function ffmpegSink(bin: string, args: string[], log: (line: string) => void): FrameSink {
  const p: ChildProcess = spawn(bin, args, { stdio: ['pipe', 'ignore', 'pipe'] });
  p.stderr?.on('data', (b: Buffer) => log(b.toString().trim()));
  const exited = new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
  p.stdin?.on('error', (e) => log(`camera encoder input: ${e.message}`));
  return {
    write: (rgba, done) => {
      const input = p.stdin;
      if (!input || input.destroyed || input.writableEnded) {
        done();
        return false;
      }
      // the callback comes once the pipe took the whole frame, or with the error that ended it
      return input.write(rgba, () => done());
    },
    exited,
    stop: async () => {
      p.stdin?.end();
      const t = setTimeout(() => p.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(t);
    },
  };
}

export function ffmpegRtpEncoder(bin: string, log: (line: string) => void): RtpEncoderFactory {
  return (port) => ffmpegSink(bin, ffmpegRtpArgs(port), log);
}
