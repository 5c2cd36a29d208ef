import type { PokerHandEvent, PokerHandEventResult } from '@felt-studio/client-sdk';

/**
 * A poker hand's events (`GET /poker-tables/:id/hands/:handId/events`, already redacted by the server
 * for the pit boss) as lines a person reads: the start with the button and stacks, the cards dealt to
 * the seats grouped (down cards only as "card dealt" unless the audience may see them), the board by
 * street, every action, time bank and timeout, the pit boss's rulings, and the result. Display only:
 * no rule is decided here.
 */
export type HistoryLine =
  | { readonly kind: 'start'; readonly seq: number; readonly at: number | null; readonly buttonSeat: number | null; readonly seats: readonly { readonly seat: number; readonly stackMinor: number }[] }
  /** consecutive cards to seats; `card` null = dealt face down and not visible to this audience. */
  | { readonly kind: 'deal'; readonly seq: number; readonly cards: readonly { readonly seat: number; readonly card: string | null; readonly up: boolean }[] }
  /** PT-BURN: a burned card; `card` null while the hand is in play (nobody sees it then). */
  | { readonly kind: 'burn'; readonly seq: number; readonly card: string | null }
  | { readonly kind: 'board'; readonly seq: number; readonly street: 'flop' | 'turn' | 'river' | 'board'; readonly cards: readonly string[] }
  | { readonly kind: 'act'; readonly seq: number; readonly seat: number; readonly action: string; readonly toMinor: number | null }
  | { readonly kind: 'draw'; readonly seq: number; readonly seat: number; readonly count: number; readonly discards: readonly string[] | null }
  | { readonly kind: 'time-bank' | 'timeout'; readonly seq: number; readonly seat: number }
  | { readonly kind: 'misdeal' | 'void'; readonly seq: number; readonly reason: string }
  | { readonly kind: 'expose'; readonly seq: number; readonly seat: number; readonly card: string }
  | { readonly kind: 'end'; readonly seq: number; readonly result: HistoryResult | null };

export type HistoryResult = Omit<PokerHandEventResult, 'shown'> & { readonly shown: readonly { readonly seat: number; readonly cards: readonly string[]; readonly high: string; readonly low: string | null }[] };

const RANKS = '23456789TJQKA';
const SUITS = 'SHDC';

/** A card as a code (`7H`): codes pass through; a numeric id of the pure core (rank × 4 + suit) is converted. */
export function cardCodeOf(c: string | number): string {
  if (typeof c === 'string') return c.length === 2 ? `${c[0]?.toUpperCase() ?? ''}${c[1]?.toUpperCase() ?? ''}` : c;
  return `${RANKS[c >> 2] ?? '?'}${SUITS[c & 3] ?? '?'}`;
}

/** The street a run of board cards completes, by how many board cards were out before it (Hold'em / Omaha). */
function streetOf(before: number, after: number): 'flop' | 'turn' | 'river' | 'board' {
  if (before === 0 && after === 3) return 'flop';
  if (before === 3 && after === 4) return 'turn';
  if (before === 4 && after === 5) return 'river';
  return 'board';
}

export function historyLines(events: readonly PokerHandEvent[]): HistoryLine[] {
  const out: HistoryLine[] = [];
  let board = 0;
  for (const e of events) {
    const last = out.at(-1);
    switch (e.type) {
      case 'hand-started':
        out.push({ kind: 'start', seq: e.seq, at: e.at ?? null, buttonSeat: e.buttonSeat, seats: e.seats });
        break;
      case 'card-burned':
        out.push({ kind: 'burn', seq: e.seq, card: null });
        break;
      case 'card':
      case 'card-scanned': {
        if (e.to === 'burn') {
          out.push({ kind: 'burn', seq: e.seq, card: e.type === 'card' ? cardCodeOf(e.card) : null });
          break;
        }
        if (e.to === 'board') {
          const card = cardCodeOf((e as { card: string }).card);
          if (last?.kind === 'board') {
            const cards = [...last.cards, card];
            out[out.length - 1] = { ...last, cards, street: streetOf(board - last.cards.length, board + 1) };
          } else out.push({ kind: 'board', seq: e.seq, cards: [card], street: streetOf(board, board + 1) });
          board++;
          break;
        }
        const card = { seat: e.to, card: e.type === 'card' ? cardCodeOf(e.card) : null, up: e.up };
        if (last?.kind === 'deal') out[out.length - 1] = { ...last, cards: [...last.cards, card] };
        else out.push({ kind: 'deal', seq: e.seq, cards: [card] });
        break;
      }
      case 'act':
        out.push({ kind: 'act', seq: e.seq, seat: e.seat, action: e.action, toMinor: e.toMinor ?? null });
        break;
      case 'draw':
        out.push({ kind: 'draw', seq: e.seq, seat: e.seat, count: e.discards?.length ?? e.count ?? 0, discards: e.discards ? e.discards.map(cardCodeOf) : null });
        break;
      case 'time-bank':
      case 'timeout':
        out.push({ kind: e.type, seq: e.seq, seat: e.seat });
        break;
      case 'misdeal':
      case 'void':
        out.push({ kind: e.type, seq: e.seq, reason: e.reason });
        break;
      case 'expose':
        out.push({ kind: 'expose', seq: e.seq, seat: e.seat, card: cardCodeOf(e.card) });
        break;
      case 'hand-ended':
        out.push({ kind: 'end', seq: e.seq, result: e.result ? { ...e.result, shown: e.result.shown.map((h) => ({ ...h, cards: h.cards.map(cardCodeOf) })) } : null });
        break;
    }
  }
  return out;
}

/** The dealt cards of a `deal` line per seat, in seat order of first appearance. */
export function dealtBySeat(cards: readonly { readonly seat: number; readonly card: string | null; readonly up: boolean }[]): { seat: number; cards: { card: string | null; up: boolean }[] }[] {
  const m = new Map<number, { card: string | null; up: boolean }[]>();
  for (const c of cards) m.set(c.seat, [...(m.get(c.seat) ?? []), { card: c.card, up: c.up }]);
  return [...m].map(([seat, list]) => ({ seat, cards: list }));
}
