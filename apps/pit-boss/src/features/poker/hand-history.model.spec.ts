import type { PokerHandEvent } from '@felt-studio/client-sdk';
import { holdemScenario } from '@felt-studio/ui/poker-fixtures';
import { describe, expect, it } from 'vitest';
import { dealtHand, playedHand } from '../../test/poker-hands';
import { cardCodeOf, dealtBySeat, historyLines } from './hand-history.model';

/** The hand history lines from a hand's events as the server builds them (fixtures: the pure core + redactHandCommand, src/test/poker-hands). */

describe('pit boss hand history lines (GEN-8)', () => {
  it('groups the hole cards, names the streets, keeps every action and ends with the result (shown cards as codes)', () => {
    const { events } = playedHand().events({ role: 'pitboss' });
    const lines = historyLines(events as unknown as PokerHandEvent[]);
    expect(lines.map((l) => l.kind)).toEqual(['start', 'deal', 'act', 'act', 'act', 'act', 'board', 'act', 'time-bank', 'act', 'act', 'board', 'act', 'act', 'board', 'act', 'act', 'end']);
    const deal = lines[1];
    if (deal?.kind !== 'deal') throw new Error('deal');
    // the hand is over: the pit boss gets every hole card (disputes, GEN-8) — 8 cards with their values
    expect(deal.cards).toHaveLength(8);
    expect(deal.cards.map((c) => c.card)).toEqual(['2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD']);
    // while a hand is in play the pit boss sees no hole card (dealerSeesHoleCards off): 8 cards, no values
    const live = historyLines(dealtHand().events({ role: 'pitboss' }).events as unknown as PokerHandEvent[])[1];
    if (live?.kind !== 'deal') throw new Error('deal');
    expect(live.cards.every((c) => c.card === null)).toBe(true);
    expect(dealtBySeat(deal.cards).map((d) => [d.seat, d.cards.length])).toEqual([
      [5, 2],
      [1, 2],
      [2, 2],
      [4, 2],
    ]);
    expect(lines.filter((l) => l.kind === 'board').map((l) => (l.kind === 'board' ? [l.street, l.cards] : null))).toEqual([
      ['flop', ['9S', '5H', '2D']],
      ['turn', ['JC']],
      ['river', ['4S']],
    ]);
    expect(lines[3]).toMatchObject({ kind: 'act', seat: 4, action: 'raise', toMinor: 300 });
    const end = lines.at(-1);
    if (end?.kind !== 'end' || !end.result) throw new Error('end');
    expect(end.result.type).toBe('showdown');
    expect(end.result.shown.map((h) => [h.seat, [...h.cards].sort()])).toEqual(expect.arrayContaining([[1, ['AD', 'AS']], [4, ['KD', 'KH']]]));
  });

  it('burn cards (PT-BURN): a burn line before each street, face down while the hand is in play, its card once it is over', () => {
    const burnt = holdemScenario({ at: 1_000, config: { burnCards: true } })
      .deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD')
      .act(2, 'fold')
      .act(4, 'call')
      .act(5, 'fold')
      .act(1, 'check')
      .deal('QC', '9S', '5H', '2D');
    const during = historyLines(burnt.events({ role: 'pitboss' }).events as unknown as PokerHandEvent[]);
    expect(during.filter((l) => l.kind === 'burn')).toEqual([{ kind: 'burn', seq: expect.any(Number) as number, card: null }]);
    expect(during.find((l) => l.kind === 'board')).toMatchObject({ street: 'flop', cards: ['9S', '5H', '2D'] });
    const over = burnt.act(1, 'check').act(4, 'check').deal('QD', 'JC').act(1, 'check').act(4, 'check').deal('QH', '4S').act(1, 'check').act(4, 'check');
    const lines = historyLines(over.events({ role: 'pitboss' }).events as unknown as PokerHandEvent[]);
    expect(lines.filter((l) => l.kind === 'burn').map((l) => (l.kind === 'burn' ? l.card : null))).toEqual(['QC', 'QD', 'QH']);
    expect(lines.filter((l) => l.kind === 'board').map((l) => (l.kind === 'board' ? [l.street, l.cards] : null))).toEqual([
      ['flop', ['9S', '5H', '2D']],
      ['turn', ['JC']],
      ['river', ['4S']],
    ]);
  });

  it('rulings: an exposed card (numeric id from the stored command) and a misdeal with its reason', () => {
    const s = dealtHand().expose(1, 'AS').decide('misdeal', 'dealer dropped a card');
    const lines = historyLines(s.events({ role: 'pitboss' }).events as unknown as PokerHandEvent[]);
    expect(lines.find((l) => l.kind === 'expose')).toMatchObject({ seat: 1, card: 'AS' });
    expect(lines.find((l) => l.kind === 'misdeal')).toMatchObject({ reason: 'dealer dropped a card' });
    expect([cardCodeOf(0), cardCodeOf(51), cardCodeOf('7h')]).toEqual(['2S', 'AC', '7H']);
  });
});
