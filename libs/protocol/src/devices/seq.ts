/**
 * Device sequence numbers 0–65535 that wrap (devices.md §3/§4). Pure helpers shared by the shoe and timer trackers.
 */
export const SEQ_MODULO = 65536;

/** How far `seq` is ahead of `last` modulo 65536 (0 = same seq). */
export function seqDelta(last: number, seq: number): number {
  return (((seq - last) % SEQ_MODULO) + SEQ_MODULO) % SEQ_MODULO;
}

export const nextSeq = (seq: number): number => (seq + 1) % SEQ_MODULO;

export type SeqVerdict =
  | { readonly kind: 'first' }
  | { readonly kind: 'next' }
  /** S-1: the same physical frame (same seq, same content) seen again. */
  | { readonly kind: 'duplicate' }
  /** Frames lost, or the device restarted/reused a seq with other content: `expected` was due. */
  | { readonly kind: 'gap'; readonly expected: number };

export interface SeenFrame {
  readonly seq: number;
  /** Canonical content of the frame (without seq), to tell a replayed frame from a restarted device. */
  readonly key: string;
}

/** Recently accepted frames kept to recognise a replayed frame. */
export const SEQ_HISTORY = 32;

export function judgeSeq(recent: readonly SeenFrame[], seq: number, key: string): SeqVerdict {
  const last = recent[recent.length - 1];
  if (last === undefined) return { kind: 'first' };
  if (recent.some((f) => f.seq === seq && f.key === key)) return { kind: 'duplicate' };
  if (seqDelta(last.seq, seq) === 1) return { kind: 'next' };
  return { kind: 'gap', expected: nextSeq(last.seq) };
}

export function rememberSeq(recent: readonly SeenFrame[], seq: number, key: string): readonly SeenFrame[] {
  // A reused seq with other content replaces the old entry (device restarted).
  const kept = recent.filter((f) => f.seq !== seq);
  const out = kept.length >= SEQ_HISTORY ? kept.slice(kept.length - SEQ_HISTORY + 1) : kept;
  return [...out, { seq, key }];
}
