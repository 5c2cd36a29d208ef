// @vitest-environment happy-dom
import type { PokerTableFrame } from '@felt-studio/protocol';
import { keyPaths, type PokerSender } from '@felt-studio/ui';
import { holdemScenario, PokerScenario, studScenario } from '@felt-studio/ui/poker-fixtures';
import { renderWithFelt } from '@felt-studio/ui/test-utils';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { playerEn } from '../../../i18n/player.en';
import { playerSv } from '../../../i18n/player.sv';
import { pokerTableEn } from '../i18n/poker-table.en';
import { pokerTableSv } from '../i18n/poker-table.sv';
import { PokerTableView } from './PokerTableView';

/**
 * The live poker table (issue 11) against REAL frames: every hand is started and driven through the
 * pure core (`startHand` / `applyHandCommand`) and the screen gets `viewHand(state, audience)` in a
 * `PokerTableFrame`, as the server sends it — so what the screen can show is exactly what the
 * audience may see.
 */
const T0 = 1_800_000_000_000;
const catalogues = { player: { en: playerEn, sv: playerSv } };
const ME = { role: 'player', playerId: 'me' } as const;

beforeEach(() => {
  vi.useFakeTimers({ now: T0, toFake: ['Date', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
  vi.stubGlobal('fetch', async () => ({ ok: false, status: 404, json: async () => ({}) }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function fakeSender(over: Partial<PokerSender> = {}): PokerSender & { send: ReturnType<typeof vi.fn> } {
  return { send: vi.fn(async () => true), busy: null, errors: [], dismiss: vi.fn(), ...over } as PokerSender & { send: ReturnType<typeof vi.fn> };
}

/** The page opens the moment the frame was made (server clock = local clock in tests: offset 0). */
function show(frame: PokerTableFrame, sender = fakeSender()) {
  if (vi.isFakeTimers()) vi.setSystemTime(frame.at);
  renderWithFelt(<PokerTableView frame={frame} sender={sender} locale="en-GB" />, { catalogues });
  return sender;
}

/** Seats 1 (me), 2, 4, 5; button 4 → SB 5, BB 1 (me); pre-flop seat 2 acts first. Me: A♠ A♦, seat 4: K♥ K♦. */
const dealt = (s = holdemScenario({ at: T0 })): PokerScenario => s.deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD');
const seat = (n: number) => screen.getByRole('group', { name: new RegExp(`^Seat ${n}:`) });
const cardNames = (el: HTMLElement) => within(el).queryAllByRole('img').filter((i) => i.getAttribute('aria-label') !== 'Dealer button').map((i) => i.getAttribute('aria-label'));

describe('live poker table: what the player sees (non-negotiable 4)', () => {
  it('own hole cards face up, everyone else face down — the page holds no other card value', () => {
    const frame = dealt().frame(ME);
    show(frame);
    expect(cardNames(seat(1))).toEqual(['Ace of spades', 'Ace of diamonds']);
    for (const n of [2, 4, 5]) expect(cardNames(seat(n))).toEqual(['Face-down card', 'Face-down card']);
    expect(document.body.innerHTML).not.toMatch(/King of|7 of|8 of|2 of clubs|3 of clubs/);
    expect(within(screen.getByRole('region', { name: 'Your cards' })).getAllByRole('img').map((i) => i.getAttribute('aria-label'))).toEqual(['Ace of spades', 'Ace of diamonds']);
    // the blinds are in front of seats 5 and 1, the dealer button on seat 4
    expect(within(screen.getByRole('group', { name: 'Bet of seat 5' })).getByText('€0.50')).toBeTruthy();
    expect(within(screen.getByRole('group', { name: 'Bet of seat 1' })).getByText('€1.00')).toBeTruthy();
    expect(within(seat(4)).getByRole('img', { name: 'Dealer button' })).toBeTruthy();
    expect(screen.getByText('€1.50')).toBeTruthy(); // the pot
  });

  it("not the player's turn: no action buttons at all, the clock runs on the seat to act", () => {
    show(dealt().frame(ME));
    expect(screen.queryByRole('button', { name: /^(Fold|Check|Call|Raise|Bet)/ })).toBeNull();
    expect(within(seat(2)).getByRole('timer', { name: 'Time left for Robot Ada to act' }).textContent).toContain('20 s');
    expect(screen.getByText('Robot Ada to act')).toBeTruthy();
  });

  it('the countdown follows the server deadline (S1-TIMEOUT) and turns urgent in the last seconds', () => {
    show(dealt().frame(ME));
    const timer = within(seat(2)).getByRole('timer');
    expect(timer.textContent).toContain('20 s');
    act(() => vi.advanceTimersByTime(6_000));
    expect(timer.textContent).toContain('14 s');
    act(() => vi.advanceTimersByTime(10_000));
    expect(timer.textContent).toContain('4 s');
    expect(timer.className).toContain('is-urgent');
  });
});

describe('live poker table: actions only from hand.legal', () => {
  // seat 2 calls, seat 4 raises to €3, seat 5 folds → me (BB €1) facing €2 more
  const facingRaise = () => dealt().act(2, 'call').act(4, 'raise', 300).act(5, 'fold');

  it('facing a raise: Fold, Call €2.00 and a raise bounded by min/max — no Check', () => {
    const frame = facingRaise().frame(ME);
    expect(frame.hand?.legal).toMatchObject({ canCheck: false, callMinor: 200, raise: { kind: 'raise', minToMinor: 500, maxToMinor: 10_000 } });
    const sender = show(frame);
    const panel = screen.getByRole('region', { name: 'Your turn' });
    expect(within(panel).getByRole('timer', { name: 'Your time to act' }).textContent).toContain('20 s');
    expect(within(panel).queryByRole('button', { name: 'Check' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Fold' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Call €2.00' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.act', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1', action: 'call' });
    const raise = within(panel).getByRole('group', { name: 'Raise size' });
    expect(raise.textContent).toContain('From €5.00 to €100.00');
    const slider = within(raise).getByRole('slider', { name: 'Amount' });
    expect([slider.getAttribute('min'), slider.getAttribute('max')]).toEqual(['500', '10000']);
    // below the minimum: refused before sending
    const input = within(raise).getByRole('textbox', { name: 'Raise to' });
    fireEvent.change(input, { target: { value: '4' } });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect((within(raise).getByRole('button', { name: /^Raise to/ }) as HTMLButtonElement).disabled).toBe(true);
    // pot (pot after calling: €5.50 + €2 = €7.50 on top of €3) → raise to €10.50
    fireEvent.click(within(raise).getByRole('button', { name: 'Pot' }));
    expect((input as HTMLInputElement).value).toBe('10.5');
    fireEvent.click(within(raise).getByRole('button', { name: 'Raise to €10.50' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.act', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1', action: 'raise', toMinor: 1050 });
    // all-in is the stack: sent as all-in
    fireEvent.click(within(raise).getByRole('button', { name: 'All-in' }));
    fireEvent.click(within(raise).getByRole('button', { name: 'All-in €100.00' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.act', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1', action: 'all-in', toMinor: 10_000 });
    // the time bank (S1-TIMEBANK)
    fireEvent.click(within(panel).getByRole('button', { name: /Use time bank/ }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.time-bank', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1' });
  });

  it('an all-in for less makes a side pot: main and side pot shown during the hand (S1-ALLIN)', () => {
    // seat 5 (€50) goes all-in; seat 2 and seat 4 call more than that; me folds
    const s = dealt().act(2, 'raise', 6_000).act(4, 'call').act(5, 'all-in').act(1, 'fold');
    show(s.frame(ME));
    const pots = screen.getByRole('list', { name: 'Main and side pots' });
    // main: 3 × €50 + my €1 = €151; side: 2 × €10 = €20
    expect(within(pots).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Main pot €151.00', 'Side pot 1 €20.00']);
  });

  it('checked to the big blind: Check and Raise, no Call', () => {
    const frame = dealt().act(2, 'call').act(4, 'call').act(5, 'call').frame(ME);
    show(frame);
    const panel = screen.getByRole('region', { name: 'Your turn' });
    expect(within(panel).getByRole('button', { name: 'Check' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /^Call/ })).toBeNull();
    expect(within(panel).getByRole('group', { name: 'Raise size' }).textContent).toContain('From €2.00 to €100.00');
  });

  it('seat stacks go down during the hand: the table stack minus the chips committed to it (issue 20 defect 6)', () => {
    const frame = dealt().act(2, 'call').act(4, 'call').act(5, 'call').frame(ME);
    // the server's seat frame still carries the table stacks the hand started with (settled when it ends)
    expect(frame.seats[0]?.stackMinor).toBe(10_000);
    show(frame);
    // me: the big blind €1.00 in; Bo (seat 4): called €1.00
    expect(within(seat(1)).getByText('€99.00')).toBeTruthy();
    expect(within(seat(4)).getByText('€119.00')).toBeTruthy();
    expect(within(seat(5)).getByText('€49.00')).toBeTruthy();
  });

  it('pot limit: the maximum is pot + call (PT-PL-POT) and the Pot quick size is that maximum', () => {
    const s = dealt(holdemScenario({ at: T0, config: { structure: 'pot-limit' } })).act(2, 'call').act(4, 'raise', 300).act(5, 'fold');
    const frame = s.frame(ME);
    show(frame);
    const raise = screen.getByRole('group', { name: 'Raise size' });
    const max = frame.hand?.legal?.raise?.maxToMinor ?? 0;
    expect(max).toBe(1050);
    expect(within(raise).getByRole('slider').getAttribute('max')).toBe('1050');
    expect(within(raise).queryByRole('button', { name: 'All-in' })).toBeNull(); // €100 is above the pot limit
    fireEvent.click(within(raise).getByRole('button', { name: 'Pot' }));
    expect(within(raise).getByRole('button', { name: 'Raise to €10.50' })).toBeTruthy();
  });

  it('fixed limit: one fixed raise amount, no slider (S1-FL)', () => {
    const s = dealt(holdemScenario({ at: T0, config: { structure: 'fixed-limit', smallBetMinor: 100, bigBetMinor: 200 } })).act(2, 'raise', 200).act(4, 'call').act(5, 'fold');
    show(s.frame(ME));
    const panel = screen.getByRole('region', { name: 'Your turn' });
    expect(within(panel).queryByRole('slider')).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Raise to €3.00' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Call €1.00' })).toBeTruthy();
  });

  it('a rejection is shown with its rule ID and code', () => {
    const sender = fakeSender({ errors: [{ id: 1, message: 'poker.act', error: { code: 'POKER_CLOCK_EXPIRED', ruleId: 'S1-TIMEOUT', message: 'the action clock ran out' } }] });
    show(dealt().frame(ME), sender);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('S1-TIMEOUT');
    expect(alert.textContent).toContain('POKER_CLOCK_EXPIRED');
    fireEvent.click(within(alert).getByRole('button', { name: 'Dismiss' }));
    expect(sender.dismiss).toHaveBeenCalledWith(1);
  });
});

describe('live poker table: showdown', () => {
  const toRiver = () =>
    dealt()
      .act(2, 'fold')
      .act(4, 'call')
      .act(5, 'fold')
      .act(1, 'check')
      .deal('9S', '5H', '2D')
      .act(1, 'check')
      .act(4, 'check')
      .deal('JC')
      .act(1, 'check')
      .act(4, 'check')
      .deal('4S');

  it('before the showdown the opponent stays hidden; at the showdown his cards, the pot and the winner are shown', () => {
    const river = toRiver();
    show(river.frame(ME));
    expect(cardNames(seat(4))).toEqual(['Face-down card', 'Face-down card']);
    expect(within(screen.getByRole('group', { name: 'Community cards' })).getAllByRole('img')).toHaveLength(5);
    cleanup();
    const over = river.act(1, 'check').act(4, 'check').frame(ME);
    expect(over.hand?.result?.type).toBe('showdown');
    show(over);
    expect(cardNames(seat(4))).toEqual(['King of hearts', 'King of diamonds']);
    const result = screen.getByRole('region', { name: 'Hand result' });
    expect(result.textContent).toMatch(/Main pot\s*€2\.50 — You win/);
    const shown = within(result).getByRole('list', { name: 'Hands shown' });
    expect(shown.textContent).toContain('Pair');
    // shown hands arrive as card codes, like every other card (P4-SHOW)
    expect(over.hand?.result?.shown.map((h) => [...h.cards].sort())).toEqual(expect.arrayContaining([['AD', 'AS'], ['KD', 'KH']]));
    expect(within(shown).getAllByRole('listitem').map((li) => cardNames(li))).toEqual(expect.arrayContaining([['Ace of spades', 'Ace of diamonds'], ['King of hearts', 'King of diamonds']]));
    expect(within(seat(1)).getByText('Wins')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Your turn' })).toBeNull();
  });

  it('a seat that changed hands after the hand: the newcomer reads the last hand as its player played it — not "Your cards", not "You win"', () => {
    const over = toRiver().act(1, 'check').act(4, 'check');
    const f = over.frame({ role: 'player', playerId: 'newbie' });
    expect(f.handSeats.find((h) => h.seat === 1)).toEqual({ seat: 1, displayName: 'Anna', me: false, stillSeated: true });
    // Anna (seat 1, the winner) stood up once the hand was over; the newcomer sat down in her seat
    const frame: PokerTableFrame = {
      ...f,
      seats: f.seats.map((x) => (x?.seat === 1 ? { ...x, displayName: 'Newbie', me: true } : x)),
      handSeats: f.handSeats.map((h) => (h.seat === 1 ? { ...h, stillSeated: false } : h)),
    };
    show(frame);
    expect(screen.queryByRole('region', { name: 'Your cards' })).toBeNull();
    const result = screen.getByRole('region', { name: 'Hand result' });
    expect(result.textContent).toMatch(/Main pot\s*€2\.50 — Anna wins/);
    expect(result.textContent).not.toContain('You');
    // the seat is the newcomer's: none of Anna's cards and no "Wins" on it; Bo's shown cards stay on his
    expect(cardNames(seat(1))).toEqual([]);
    expect(within(seat(1)).queryByText('Wins')).toBeNull();
    expect(cardNames(seat(4))).toEqual(['King of hearts', 'King of diamonds']);
  });

  it('the result stays readable as "Previous hand" while the next hand is dealt', () => {
    const over = dealt().act(2, 'fold').act(4, 'fold').act(5, 'fold').frame(ME);
    const sender = fakeSender();
    const r = renderWithFelt(<PokerTableView frame={over} sender={sender} locale="en-GB" />, { catalogues });
    const next = new PokerScenario({ ...holdemScenario({ at: T0 }).table, handId: 'hnd_fixture_2', buttonSeat: 5 }).frame(ME);
    r.rerender(<PokerTableView frame={next} sender={sender} locale="en-GB" />);
    expect(screen.queryByRole('region', { name: 'Hand result' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Previous hand' }).textContent).toContain('You win (no showdown)');
  });

  it('an uncontested pot: the winner does not show (folded hands stay mucked)', () => {
    const frame = dealt().act(2, 'fold').act(4, 'fold').act(5, 'fold').frame(ME);
    show(frame);
    expect(screen.getByRole('region', { name: 'Hand result' }).textContent).toContain('You win (no showdown)');
    expect(cardNames(seat(4))).toEqual(['Face-down card', 'Face-down card']);
  });
});

describe('live poker table: seats', () => {
  const watcher = { role: 'player', playerId: 'newbie' } as const;

  it('sit-down: free seats offer a seat; the buy-in is checked against min, max and the balance (S1-STACK) with the entry choice (S1-ENTRY-2)', () => {
    const sender = show(dealt().frame(watcher, { myBalanceMinor: 5_000 }));
    expect(screen.queryByRole('button', { name: 'Sit at seat 1' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sit at seat 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Sit down at seat 3' });
    expect(dialog.textContent).toContain('From €20.00 to €50.00'); // max = min(table €100, balance €50)
    const input = within(dialog).getByRole('textbox', { name: 'Buy-in' });
    fireEvent.change(input, { target: { value: '5' } });
    expect(dialog.textContent).toContain('The minimum buy-in is €20.00 (S1-STACK).');
    expect((within(dialog).getByRole('button', { name: /^Sit down with/ }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: '80' } });
    expect(dialog.textContent).toContain('More than your balance of €50.00.');
    fireEvent.change(input, { target: { value: '120' } });
    expect(dialog.textContent).toContain('The maximum buy-in is €100.00 (S1-STACK).');
    fireEvent.change(input, { target: { value: '40' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /Post a big blind/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sit down with €40.00' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.sit', { tableId: 'ptb_fixture', seat: 3, buyInMinor: 4_000, postToEnter: true });
  });

  it('a full table offers the waiting list; a waiting player sees their place', () => {
    const full = holdemScenario({
      at: T0,
      seats: [1, 2, 3, 4, 5, 6].map((n) => ({ seat: n, playerId: `p${n}`, name: `P${n}`, stackMinor: 5_000 })),
    });
    const sender = show(full.frame(watcher, { waitingCount: 2 }));
    expect(screen.queryByRole('button', { name: /^Sit at seat/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Join the waiting list' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.waitlist', { tableId: 'ptb_fixture' });
    cleanup();
    show(full.frame(watcher, { waitingCount: 3, myWaitingPosition: 3 }));
    expect(screen.getByText('You are number 3 of 3 on the waiting list.')).toBeTruthy();
  });

  it('seated: sit out, top up (between hands) and stand up; states of other seats are shown', () => {
    const s = holdemScenario({
      at: T0,
      seats: [
        { seat: 1, playerId: 'me', name: 'Me', stackMinor: 6_000 },
        { seat: 2, playerId: 'p2', name: 'Ada', stackMinor: 8_000, disconnected: true },
        { seat: 4, playerId: 'p4', name: 'Bo', stackMinor: 12_000 },
        { seat: 6, playerId: 'p6', name: 'Cy', stackMinor: 3_000, status: 'sitting-out', outOfHand: true },
      ],
    });
    const sender = show(s.deal('2C', 'AS', '7D', 'KH', '3C', 'AD').frame(ME, { myBalanceMinor: 10_000 }));
    expect(seat(2).textContent).toContain('Disconnected');
    expect(seat(6).textContent).toContain('Sitting out');
    fireEvent.click(screen.getByRole('button', { name: 'Sit out' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.sit-out', { tableId: 'ptb_fixture' });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    const dialog = screen.getByRole('dialog', { name: 'Top up your stack' });
    expect(dialog.textContent).toContain('between hands');
    const input = within(dialog).getByRole('textbox', { name: 'Amount' });
    fireEvent.change(input, { target: { value: '50' } }); // stack €60 + €50 > table max €100
    expect(dialog.textContent).toContain('above the table maximum');
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Top up' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.top-up', { tableId: 'ptb_fixture', amountMinor: 3_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Stand up' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.stand-up', { tableId: 'ptb_fixture' });
  });
});

describe('live poker table: draw and stud', () => {
  it('five-card draw: pick the discards, then draw (001 §3.4)', () => {
    const s = new PokerScenario({
      at: T0,
      seatCount: 6,
      buttonSeat: 2,
      config: { variant: 'draw', structure: 'fixed-limit', smallBlindMinor: 50, bigBlindMinor: 100, smallBetMinor: 100, bigBetMinor: 200 },
      seats: [
        { seat: 1, playerId: 'me', name: 'Me', stackMinor: 5_000 },
        { seat: 2, playerId: 'p2', name: 'Bo', stackMinor: 5_000 },
      ],
    });
    // heads-up: button 2 posts the SB and acts first; deal starts after the button: 1, 2, 1, 2…
    s.deal('AS', '2C', 'AD', '3C', 'KH', '4C', '7D', '5D', '9S', '8H').act(2, 'call').act(1, 'check');
    const sender = show(s.frame(ME));
    const panel = screen.getByRole('region', { name: 'Your draw' });
    const picks = within(panel).getByRole('group', { name: 'Cards to keep or discard' });
    fireEvent.click(within(picks).getByRole('button', { name: /7 of diamonds/ }));
    fireEvent.click(within(picks).getByRole('button', { name: /9 of spades/ }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Draw 2 cards' }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.draw', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1', discard: ['7D', '9S'] });
  });

  it("seven card stud: everyone's up cards are visible, down cards are not", () => {
    const s = studScenario(
      [
        { seat: 1, playerId: 'me', name: 'Me' },
        { seat: 3, playerId: 'p3', name: 'Bo' },
      ],
      { at: T0 },
    );
    s.deal('AS', 'KS', 'AD', 'KD', '9C', '2H');
    show(s.frame(ME));
    expect(cardNames(seat(1))).toEqual(['Ace of spades', 'Ace of diamonds', '9 of clubs']);
    expect(cardNames(seat(3))).toEqual(['Face-down card', 'Face-down card', '2 of hearts']);
  });
});

describe('live poker table: straddle (S1-STRADDLE) and time bank (S1-TIMEBANK)', () => {
  /** An Ö table; button 2 → SB 4, BB 5, and me (seat 1) directly after the BB with the straddle on. */
  const straddled = (me: { straddle?: boolean; timeBankMs?: number } = { straddle: true }) =>
    holdemScenario({
      at: T0,
      buttonSeat: 2,
      config: { straddleTable: true },
      seats: [
        { seat: 1, playerId: 'me', name: 'Anna', stackMinor: 10_000, ...me },
        { seat: 2, playerId: 'p2', name: 'Ada', stackMinor: 8_000 },
        { seat: 4, playerId: 'p4', name: 'Bo', stackMinor: 12_000 },
        { seat: 5, playerId: 'p5', name: 'Cy', stackMinor: 5_000 },
      ],
    }).deal('2C', 'AS', '7D', 'KH', '3C', 'AD', '8D', 'KD');

  it('an Ö table offers the straddle switch, explained; the seat shows the choice and its 2 × BB; flipping it sends poker.straddle', () => {
    const sender = show(straddled().frame(ME));
    const sw = screen.getByRole('switch', { name: 'Straddle when after the big blind: 2 × BB (€2.00)' }) as HTMLInputElement;
    expect(sw.checked).toBe(true);
    expect(screen.getByText(/from the next hand you post it whenever you sit directly after the big blind/)).toBeTruthy();
    expect(within(seat(1)).getByText('Straddle')).toBeTruthy();
    expect(seat(2).textContent).not.toContain('Straddle');
    expect(within(screen.getByRole('group', { name: 'Bet of seat 1' })).getByText('€2.00')).toBeTruthy();
    fireEvent.click(sw);
    expect(sender.send).toHaveBeenLastCalledWith('poker.straddle', { tableId: 'ptb_fixture', straddle: false });
  });

  it('switched off it says what a straddle is; a table without Ö has no switch', () => {
    const sender = show(straddled({ straddle: false }).frame(ME));
    const sw = screen.getByRole('switch', { name: /^Straddle when after the big blind/ }) as HTMLInputElement;
    expect(sw.checked).toBe(false);
    expect(screen.getByText(/voluntary blind of twice the big blind/)).toBeTruthy();
    fireEvent.click(sw);
    expect(sender.send).toHaveBeenLastCalledWith('poker.straddle', { tableId: 'ptb_fixture', straddle: true });
    cleanup();
    show(dealt().frame(ME));
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('the clock shows the time bank left; the button offers its seconds; spending it shows "time bank" and the button is disabled', () => {
    const s = straddled({ straddle: true, timeBankMs: 22_000 }).act(2, 'call').act(4, 'call').act(5, 'call');
    const sender = show(s.frame(ME));
    const panel = screen.getByRole('region', { name: 'Your turn' });
    expect(within(panel).getByRole('timer', { name: 'Your time to act' }).textContent).toBe('20 sbank 22 s');
    fireEvent.click(within(panel).getByRole('button', { name: /Use time bank \(\+22 s\)/ }));
    expect(sender.send).toHaveBeenLastCalledWith('poker.time-bank', { tableId: 'ptb_fixture', handId: 'hnd_fixture_1' });
    cleanup();
    const banked = s.timeBank(1).frame(ME);
    expect(banked.hand?.bankInUse).toBe(true);
    show(banked);
    const p2 = screen.getByRole('region', { name: 'Your turn' });
    const clock = within(p2).getByRole('timer', { name: 'Your time to act' });
    expect(clock.textContent).toBe('42 s · time bank');
    expect(clock.className).toContain('is-bank');
    const button = within(p2).getByRole('button', { name: /Using time bank/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    // the seat's clock on the oval says so too
    expect(within(seat(1)).getByRole('timer').textContent).toBe('42 s · bank');
  });

  it('a used-up time bank: the button says so and is disabled', () => {
    const s = straddled({ straddle: true, timeBankMs: 0 }).act(2, 'call').act(4, 'call').act(5, 'call');
    show(s.frame(ME));
    const panel = screen.getByRole('region', { name: 'Your turn' });
    expect((within(panel).getByRole('button', { name: /Time bank used up/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(panel).getByRole('timer').textContent).toBe('20 s');
  });
});

describe('live poker table: strings', () => {
  it('Swedish has every key of the poker table and the screen speaks Swedish', () => {
    expect(keyPaths(pokerTableSv)).toEqual(keyPaths(pokerTableEn));
    renderWithFelt(<PokerTableView frame={dealt().act(2, 'call').act(4, 'raise', 300).act(5, 'fold').frame(ME)} sender={fakeSender()} locale="sv-SE" />, { catalogues, lng: 'sv' });
    expect(screen.getByRole('button', { name: 'Lägg dig' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Syna 2,00/ })).toBeTruthy();
  });
});

describe('live poker table: accessibility', () => {
  it('no serious or critical axe violations on the table, the action panel and the sit-down dialog', async () => {
    vi.useRealTimers();
    show(dealt().act(2, 'call').act(4, 'raise', 300).act(5, 'fold').frame(ME));
    const run = async () => {
      const r = await axe.run(document.body, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] }, rules: { 'color-contrast': { enabled: false } } });
      return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    };
    expect(await run()).toEqual([]);
    cleanup();
    show(dealt().frame({ role: 'player', playerId: 'newbie' }));
    fireEvent.click(screen.getByRole('button', { name: 'Sit at seat 3' }));
    expect(await run()).toEqual([]);
  });
});
