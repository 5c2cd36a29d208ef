/** Issue 21 §1: a table's video sources and a viewer's signed stream URLs (the server and the SDK share these). */
import { z } from 'zod';

/** Issue 21 §1: a table's video sources (admin configuration; audited). */
export const StreamSourceSchema = z
  .object({
    /** `ll-hls`: an LL-HLS playlist (fMP4); `whep`: a WebRTC WHEP endpoint. */
    kind: z.enum(['ll-hls', 'whep']),
    url: z.url({ protocol: /^https?$/ }),
    /** Shown in the rendition picker, e.g. "360p". */
    label: z.string().trim().min(1).max(40),
    height: z.number().int().min(90).max(4320).optional(),
    bitrateKbps: z.number().int().min(50).max(50_000).optional(),
  })
  .strict();
export type StreamSource = z.infer<typeof StreamSourceSchema>;

export const TableStreamsBody = z.object({ sources: z.array(StreamSourceSchema).max(8), reason: z.string().trim().min(3).max(500) }).strict();

export const TableStreamsSchema = z.object({ tableId: z.string(), sources: z.array(StreamSourceSchema), updatedAt: z.number().int().nullable(), updatedBy: z.string().nullable() });
export type TableStreams = z.infer<typeof TableStreamsSchema>;

/** What a player gets: each source's URL carries a token for this player and table, valid until `expiresAt`. */
export const PlayerStreamSchema = z.object({
  tableId: z.string(),
  sources: z.array(z.object({ kind: z.enum(['ll-hls', 'whep']), url: z.string(), label: z.string(), height: z.number().int().optional(), bitrateKbps: z.number().int().optional() })),
  expiresAt: z.number().int(),
});
export type PlayerStream = z.infer<typeof PlayerStreamSchema>;

export const MediaAuthQuery = z.object({ table: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), token: z.string().max(400).optional() }).strict();

/**
 * `GET /media/:tableId/index.m3u8?token=` and `GET /media/:tableId/:rendition/:file?token=` (issue 21 §2, §4): the
 * demo studio camera's live stream — the master playlist, and per rendition (`360p`, `180p`) its playlist
 * `stream.m3u8`, init segment `init_<i>.mp4` and segments `seg_<n>.m4s` — with the viewer's stream token.
 */
export const MediaFileRequest = z
  .object({
    tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    rendition: z.enum(['360p', '180p']).optional(),
    file: z.string().regex(/^(index\.m3u8|stream\.m3u8|init_\d\.mp4|seg_\d{1,9}\.m4s)$/),
    token: z.string().max(400).optional(),
  })
  .strict()
  .refine((r) => (r.rendition === undefined) === (r.file === 'index.m3u8'), { message: 'index.m3u8 is the master playlist; every other file is in a rendition' });
export type MediaFileRequest = z.infer<typeof MediaFileRequest>;
/** The query of `GET /media/:tableId/:file`: the viewer's stream token. */
export const MediaFileQuery = z.object({ token: z.string().max(400).optional() }).strict();

/**
 * `POST /media/:tableId/whep?token=` (issue 21 §2, WebRTC): a WHEP offer for the demo studio camera's sub-second
 * path. The body is the viewer's SDP offer (`application/sdp`, receive-only video); the answer is the server's SDP
 * with every candidate in it (no trickle ICE) and a `Location` to DELETE when the viewer leaves.
 */
export const WhepOfferRequest = z
  .object({
    tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    token: z.string().max(400).optional(),
    sdp: z
      .string()
      .max(20_000)
      .refine((s) => s.startsWith('v=0') && /\r?\nm=video /.test(s), { message: 'an SDP offer (v=0 …) with a video section' }),
  })
  .strict();
export type WhepOfferRequest = z.infer<typeof WhepOfferRequest>;
/** `DELETE /media/:tableId/whep/:session?token=`: the viewer leaves (WHEP's session resource). */
export const WhepSessionRequest = z.object({ tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), session: z.string().regex(/^[A-Za-z0-9-]{8,64}$/), token: z.string().max(400).optional() }).strict();
export type WhepSessionRequest = z.infer<typeof WhepSessionRequest>;
/** `GET /tables/:tableId/thumbnail` (issue 21 §4): a still of the table's camera for staff. */
export const ThumbnailRequest = z.object({ tableId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) }).strict();
/** The query of the WHEP endpoints: the viewer's stream token. */
export const WhepQuery = WhepSessionRequest.pick({ token: true });

/**
 * Issue 21 §3: the studio capture time stamped into every demo camera frame, machine-readable — STAMP.bits
 * black/white blocks along the bottom edge, most significant bit first, the time in ms since the epoch. The camera
 * draws it; the player reads it back from the video on screen when the transport carries no clock of its own
 * (WebRTC), and the browser tests read it to measure glass-to-glass latency. One definition for both sides.
 */
export const CAMERA_STAMP = { bits: 44, block: 14, height: 12, left: 12 } as const;

/** Reads the capture time back from RGBA pixels of a frame `width` wide whose row `row` crosses the stamp's middle. */
export function readCameraStamp(rgba: ArrayLike<number>, width: number, row = 0): number {
  let v = 0;
  for (let i = 0; i < CAMERA_STAMP.bits; i++) {
    const x = CAMERA_STAMP.left + i * CAMERA_STAMP.block + Math.floor(CAMERA_STAMP.block / 2);
    const o = (row * width + x) * 4;
    const lum = ((rgba[o] ?? 0) + (rgba[o + 1] ?? 0) + (rgba[o + 2] ?? 0)) / 3;
    v = v * 2 + (lum > 127 ? 1 : 0);
  }
  return v;
}
