import type { RoundEventFrame } from '@felt-studio/protocol';

/**
 * Issue 21 §3: video and game in sync. A player watching the table's video sees a result, a card or the winning
 * number when the video shows it — never before — while the betting stays on the server's clock. The gate holds
 * a table's round frames that reveal something until the video's studio time (the capture time of the frame on
 * screen, from EXT-X-PROGRAM-DATE-TIME or the frame's stamp) reaches the frame's `at`; frames that open a round,
 * close betting or stall play pass at once (and first release whatever of *their round* is held, in order: no extra
 * betting time for a lagging video); bets pass at once unless something of their round is held before them (views
 * are cumulative, so order is kept within a round). A round's held result is not released by the *next* round's
 * opening (a video further behind than the pause between rounds): the new round passes at once and the older
 * round's frames keep waiting for the video, so its result overlay, history and balance still come with the
 * frame that shows it. When the video stalls, a held frame is shown STALL_FALLBACK_MS after it arrived and the stall
 * began, whichever is later — one 'stalled' reading between moving ones releases nothing (a clean-clone CI run showed
 * a result 2.1 s ahead of a picture that was moving, late: the frame had been held 1.5 s, then one reading said
 * stalled); never held longer than MAX_HOLD_MS. Pure: time and the video's reading are inputs.
 */

/** The video's studio time now: the capture time of the frame on screen, `stalled` (no new frame lately), or null (no video: nothing is held). */
export type VideoReading = { readonly studioTime: number } | 'stalled' | null;

/** Frames of these types are on the server's clock: they pass at once and release everything held before them. */
export const SERVER_CLOCK_FRAMES: ReadonlySet<string> = new Set(['RoundOpened', 'BettingClosed', 'PlayStalled', 'PlayResumed', 'RoundVoided']);
/** A player's bets (their own and their cancellations): not a spoiler; pass unless something is held. */
export const BET_FRAMES: ReadonlySet<string> = new Set(['BetAccepted', 'BetCancelled']);

export const GATE_TIMING = {
  /** A stalled video: what it would have shown appears this long after it arrived (issue 21 §3: within 3 s). */
  stallFallbackMs: 1_500, // 2.5 s until 2026-11-28: longer than a pause between rounds, so the next round overtook it
  /** Whatever the video does, nothing is held longer. */
  maxHoldMs: 15_000,
} as const;

interface Held {
  readonly roundId: string;
  readonly frames: readonly RoundEventFrame[];
  /** Studio time the video must reach (null: none — a bet commit held behind a reveal). */
  readonly at: number | null;
  readonly receivedAt: number;
}

export class RevealGate {
  /** Frames of the commit being received (a commit's frames end with the one that carries the view). */
  private building: RoundEventFrame[] = [];
  private held: Held[] = [];
  /** When the readings began to say 'stalled', without a moving one since (null: the last reading was not stalled). */
  private stalledSince: number | null = null;

  private note(now: number, video: VideoReading): void {
    this.stalledSince = video === 'stalled' ? (this.stalledSince ?? now) : null;
  }

  /**
   * The commit being received when it has no view yet: its round and the latest studio time of its frames (a
   * resync's missing events arrive this way, their view comes in the snapshot after them), else null.
   */
  pending(): { readonly roundId: string; readonly at: number | null } | null {
    const last = this.building[this.building.length - 1];
    if (!last) return null;
    const ats = this.building.map((x) => x.at).filter((a): a is number => typeof a === 'number');
    return { roundId: last.roundId, at: ats.length > 0 ? Math.max(...ats) : null };
  }

  /** True while something is held (the caller polls `release` while it is). */
  get holding(): boolean {
    return this.held.length > 0;
  }

  /** A frame arrived at `now` (local ms); returns the frames to apply now, in order. */
  push(f: RoundEventFrame, now: number, video: VideoReading): RoundEventFrame[] {
    this.note(now, video);
    this.building.push(f);
    if (f.view === null || f.view === undefined) return []; // the commit's later frames follow at once
    const frames = this.building;
    this.building = [];
    const types = frames.map((x) => x.type);
    const roundId = frames[frames.length - 1]!.roundId;
    if (video === null) return [...this.flush(), ...frames];
    // the server's clock: this round's held frames first; an older round's keep waiting for the video
    if (types.some((t) => SERVER_CLOCK_FRAMES.has(t))) return [...this.flush(roundId), ...frames];
    if (types.every((t) => BET_FRAMES.has(t))) {
      if (!this.held.some((h) => h.roundId === roundId)) return frames;
      this.held.push({ roundId, frames, at: null, receivedAt: now });
      return [];
    }
    const ats = frames.map((x) => x.at).filter((a): a is number => typeof a === 'number');
    if (ats.length === 0) return [...this.flush(roundId), ...frames]; // a server that does not say when: nothing to wait for
    this.held.push({ roundId, frames, at: Math.max(...ats), receivedAt: now });
    return this.release(now, video);
  }

  /** The frames whose moment has come: the video reached them, or it stalled long enough, or they waited too long. */
  release(now: number, video: VideoReading): RoundEventFrame[] {
    this.note(now, video);
    const stalledFor = this.stalledSince === null ? -1 : now - this.stalledSince;
    const out: RoundEventFrame[] = [];
    const keep: Held[] = [];
    // in order within a round; a round whose next frame is not due holds its later ones, not another round's
    const blocked = new Set<string>();
    for (const h of this.held) {
      const waited = now - h.receivedAt;
      const due =
        !blocked.has(h.roundId) &&
        (h.at === null ||
          video === null ||
          (video !== 'stalled' && video.studioTime >= h.at) ||
          (video === 'stalled' && waited >= GATE_TIMING.stallFallbackMs && stalledFor >= GATE_TIMING.stallFallbackMs) ||
          waited >= GATE_TIMING.maxHoldMs);
      if (due) out.push(...h.frames);
      else {
        blocked.add(h.roundId);
        keep.push(h);
      }
    }
    this.held = keep;
    return out;
  }

  /** What is held of one round (or of every round), in order (a server-clock frame came, or the video went away). */
  flush(roundId?: string): RoundEventFrame[] {
    const out = this.held.filter((h) => roundId === undefined || h.roundId === roundId).flatMap((h) => h.frames);
    this.held = this.held.filter((h) => roundId !== undefined && h.roundId !== roundId);
    return out;
  }
}
