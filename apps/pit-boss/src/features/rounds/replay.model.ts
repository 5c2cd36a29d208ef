import { glance, type RoundGlance } from '../../data/floor.model';

/** The part of a round kernel a replay needs (libs/games kernels fit; pure, no clock). */
export interface ReplayKernel {
  initial(): unknown;
  evolve(state: never, event: never): unknown;
  view(state: never, audience: { readonly role: 'pitboss' }): unknown;
}

export interface ReplayEvent {
  readonly seq: number;
  readonly type: string;
  readonly at: number;
  readonly payload: unknown;
}

export interface ReplayStep {
  readonly event: ReplayEvent;
  /** The pit boss's view of the round right after this event. */
  readonly view: unknown;
  readonly glance: RoundGlance;
}

/**
 * Folds the stored events one by one through the game's own kernel (the same `evolve` the server
 * used), giving the round as it stood after every event. Events must be in seq order, 1..n.
 */
export function replay(kernel: ReplayKernel, roundId: string, events: readonly ReplayEvent[]): ReplayStep[] {
  const sorted = [...events].sort((a, b) => a.seq - b.seq);
  let state = kernel.initial();
  const steps: ReplayStep[] = [];
  for (const e of sorted) {
    // A payload the audience view hid (null) while the round is in play (issue 22 §2) changes nothing here;
    // a redacted one (the hole card as 'hidden') may not fold: the round then stands as it was.
    if (e.payload !== null) {
      try {
        state = kernel.evolve(state as never, e.payload as never);
      } catch {
        /* keep the state before this event */
      }
    }
    const view = kernel.view(state as never, { role: 'pitboss' });
    steps.push({ event: e, view, glance: glance(view, roundId) });
  }
  return steps;
}

/** Seq gaps in a stored log (a replay over a gap would be wrong): the missing seqs. */
export function missingSeqs(events: readonly Pick<ReplayEvent, 'seq'>[]): number[] {
  const have = new Set(events.map((e) => e.seq));
  const max = Math.max(0, ...have);
  const out: number[] = [];
  for (let s = 1; s <= max; s++) if (!have.has(s)) out.push(s);
  return out;
}

/** Who or what produced an event: a device (causation `dev:<device>:<seq>`), a manual entry signed off, a person, the server's clock. */
export type EventSource = 'device' | 'manual' | 'dealer' | 'pitboss' | 'player' | 'server';

export interface SourceInfo {
  readonly source: EventSource;
  /** Device id or user id when known. */
  readonly who: string | null;
}

export function sourceOf(e: Pick<ReplayEvent, 'type' | 'payload'> & { readonly causationId?: string | null }): SourceInfo {
  const p = (typeof e.payload === 'object' && e.payload !== null ? e.payload : {}) as Record<string, unknown>;
  const str = (k: string): string | null => (typeof p[k] === 'string' ? (p[k] as string) : null);
  const dev = e.causationId?.startsWith('dev:') ? (e.causationId.split(':')[1] ?? null) : null;
  if (dev !== null) return { source: 'device', who: dev };
  if (str('approvedBy') !== null || str('enteredBy') !== null) return { source: 'manual', who: str('enteredBy') };
  if (e.type === 'BetAccepted') {
    const bet = p['bet'] as { playerId?: unknown } | undefined;
    return { source: 'player', who: typeof bet?.playerId === 'string' ? bet.playerId : null };
  }
  if (e.type === 'BetCancelled' || str('playerId') !== null) return { source: 'player', who: str('playerId') };
  const reason = str('reason');
  if (e.type === 'BettingClosed') return reason === 'dealer' ? { source: 'dealer', who: null } : reason === 'device' ? { source: 'device', who: null } : { source: 'server', who: null };
  const by = str('by');
  if (by === 'device' || by === 'wheel' || by === 'shoe') return { source: 'device', who: null };
  if (by !== null && by !== 'system' && by !== 'server') return { source: 'pitboss', who: by };
  return { source: 'server', who: null };
}

/** The outcome a view shows, in a line: roulette "17 red", dice "4 5 6", cards "9H TD | KS 7C". Null before there is one. */
export function outcomeText(view: unknown): string | null {
  if (typeof view !== 'object' || view === null) return null;
  const v = view as Record<string, unknown>;
  const r = v['result'];
  if (typeof r === 'object' && r !== null && typeof (r as { number?: unknown }).number === 'number') {
    const x = r as { number: number; colour?: unknown };
    return typeof x.colour === 'string' ? `${x.number} ${x.colour}` : String(x.number);
  }
  if (Array.isArray(v['dice'])) return (v['dice'] as unknown[]).join(' ');
  const parts: string[] = [];
  if (Array.isArray(v['cards']) && v['cards'].length > 0) {
    parts.push((v['cards'] as unknown[]).map((c) => (typeof c === 'string' ? c : typeof c === 'object' && c !== null && typeof (c as { card?: unknown }).card === 'string' ? (c as { card: string }).card : '?')).join(' '));
  }
  if (typeof r === 'object' && r !== null) {
    parts.push(
      Object.entries(r as Record<string, unknown>)
        .filter(([, x]) => typeof x === 'string' || typeof x === 'number' || typeof x === 'boolean')
        .map(([k, x]) => `${k} ${String(x)}`)
        .join(' · '),
    );
  }
  if (parts.some((p) => p !== '')) return parts.filter((p) => p !== '').join(' — ');
  const hands = ['player', 'banker', 'dragon', 'tiger', 'home', 'away'].filter((k) => Array.isArray(v[k]) || Array.isArray((v[k] as { cards?: unknown } | undefined)?.cards));
  if (hands.length > 0) {
    const cards = (k: string): string => ((Array.isArray(v[k]) ? v[k] : (v[k] as { cards: unknown[] }).cards) as unknown[]).map(String).join(' ');
    const text = hands.map((k) => `${k} ${cards(k)}`).join(' | ');
    return text.trim() === hands.join(' | ') ? null : text;
  }
  return null;
}
