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
