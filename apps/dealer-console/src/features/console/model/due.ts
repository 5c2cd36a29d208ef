import type { NextAction } from '@felt-studio/client-sdk';
import { roundOver, type RoundModel } from './round.js';

/**
 * "What is due": the kernel's `next(state)` NextActions (English, for logs) → i18n keys with
 * parameters, so the console speaks the dealer's language. Each kernel message template is matched
 * by its kind and shape; anything unknown is shown as the server wrote it (never dropped).
 */
export type DueTone = 'do' | 'say' | 'wait' | 'stop';

export interface DueItem {
  /** i18n key under `dealer:due` (or `raw` when the message is not a known template). */
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  readonly ruleId: string | null;
  readonly tone: DueTone;
  /** The server's message (the fallback text, and the tooltip). */
  readonly message: string;
}

interface Template {
  readonly kinds: readonly string[];
  readonly re: RegExp;
  readonly key: string;
  readonly tone: DueTone;
  readonly params?: (m: RegExpExecArray) => Record<string, string | number>;
}

const ORD: Readonly<Record<string, number>> = { first: 1, second: 2, third: 3 };
const side = (s: string | undefined): string => (s ?? '').toLowerCase();

const TEMPLATES: readonly Template[] = [
  // Baccarat (BAC-12..18)
  { kinds: ['deal'], re: /^Deal (Player|Banker)'s (first|second|third) card$/, key: 'bacDeal', tone: 'do', params: (m) => ({ side: side(m[1]), n: ORD[m[2] ?? ''] ?? 0 }) },
  { kinds: ['announce'], re: /^Player natural (\d), Banker natural (\d)$/, key: 'bothNatural', tone: 'say', params: (m) => ({ p: Number(m[1]), b: Number(m[2]) }) },
  { kinds: ['announce'], re: /^(Player|Banker) natural (\d)$/, key: 'natural', tone: 'say', params: (m) => ({ side: side(m[1]), n: Number(m[2]) }) },
  { kinds: ['announce'], re: /^Both stand$/, key: 'bothStand', tone: 'say' },
  { kinds: ['announce'], re: /^Player draws on (\d)$/, key: 'playerDrawsOn', tone: 'say', params: (m) => ({ n: Number(m[1]) }) },
  { kinds: ['announce'], re: /^Banker draws$/, key: 'bankerDraws', tone: 'say' },
  { kinds: ['announce'], re: /^Banker stands on (\d) against a third card of (\d)$/, key: 'bankerStandsAgainst', tone: 'say', params: (m) => ({ n: Number(m[1]), v: Number(m[2]) }) },
  { kinds: ['announce'], re: /^(Player|Banker) stands on (\d)$/, key: 'standsOn', tone: 'say', params: (m) => ({ side: side(m[1]), n: Number(m[2]) }) },
  { kinds: ['result'], re: /^Round complete: (Tie|Player wins|Banker wins), Player (\d) – Banker (\d)$/, key: 'bacResult', tone: 'say', params: (m) => ({ outcome: m[1] === 'Tie' ? 'tie' : m[1] === 'Player wins' ? 'player' : 'banker', p: Number(m[2]), b: Number(m[3]) }) },
  { kinds: ['last-hand'], re: /^Last hand before shuffle$/, key: 'lastHand', tone: 'say' },
  { kinds: ['manual-entry'], re: /^/, key: 'unreadable', tone: 'stop' },
  { kinds: ['call-pit-boss', 'call-pitboss'], re: /^/, key: 'callPitBoss', tone: 'stop' },
  // Blackjack (BJ-5..BJ-13, S-4)
  { kinds: ['deal-card'], re: /^Deal card to seat (\d+)(?: hand (\d+))?$/, key: 'bjDealSeat', tone: 'do', params: (m) => ({ seat: Number(m[1]), hand: m[2] ? Number(m[2]) : 0 }) },
  { kinds: ['deal-hole-card'], re: /^/, key: 'bjHoleCard', tone: 'do' },
  { kinds: ['deal-dealer-card'], re: /^/, key: 'bjUpCard', tone: 'do' },
  { kinds: ['dealer-draws'], re: /^/, key: 'dealerDraws', tone: 'do' },
  { kinds: ['wait-decision'], re: /^Waiting for seat (\d+)(?: hand (\d+))? decision$/, key: 'seatToAct', tone: 'wait', params: (m) => ({ seat: Number(m[1]), hand: m[2] ? Number(m[2]) : 0 }) },
  { kinds: ['wait-insurance'], re: /^Waiting for insurance decisions \(seats ([\d, ]+)\)$/, key: 'insurance', tone: 'wait', params: (m) => ({ seats: m[1] ?? '' }) },
  { kinds: ['wait-betting'], re: /^/, key: 'bettingOpen', tone: 'wait' },
  { kinds: ['round-complete'], re: /^/, key: 'roundComplete', tone: 'wait' },
  { kinds: ['shuffle'], re: /^/, key: 'shuffle', tone: 'do' },
  // Roulette (ROU-4..6)
  { kinds: ['await-bets'], re: /^/, key: 'rouAwaitBets', tone: 'wait' },
  { kinds: ['spin'], re: /^/, key: 'spin', tone: 'do' },
  { kinds: ['await-result'], re: /^/, key: 'ballInMotion', tone: 'wait' },
  { kinds: ['respin'], re: /^/, key: 'respin', tone: 'do' },
  { kinds: ['settle'], re: /^Number (\d+): collect losing bets and pay winners\.$/, key: 'rouSettle', tone: 'do', params: (m) => ({ n: Number(m[1]) }) },
  { kinds: ['wheel-fault'], re: /^/, key: 'wheelFault', tone: 'stop' },
  // Sic bo (SB-4), dragon tiger / football studio (DT, FS), shared
  { kinds: ['shake'], re: /^Shake the dice\.$/, key: 'shake', tone: 'do' },
  { kinds: ['shake'], re: /^Reshake the dice \(fault (\d+) of at most (\d+) reshakes\)\.$/, key: 'reshake', tone: 'do', params: (m) => ({ n: Number(m[1]), max: Number(m[2]) }) },
  { kinds: ['deal'], re: /^Deal one card face up to (\w+)\.$/, key: 'duelDeal', tone: 'do', params: (m) => ({ side: side(m[1]) }) },
  // Lucky Dice (RAY 2011 (docs/rules) §5.3: LD-5 cups, LD-6/LD-7 player throws); the shooter's id is never shown (no player identities)
  { kinds: ['shake'], re: /^Shake the two cups and lift them/, key: 'ldShake', tone: 'do' },
  { kinds: ['shake'], re: /^Shake the cups again \(fault (\d+) of at most (\d+)\)\.$/, key: 'ldReshake', tone: 'do', params: (m) => ({ n: Number(m[1]), max: Number(m[2]) }) },
  { kinds: ['permit-throw'], re: /^/, key: 'ldPermit', tone: 'do' },
  { kinds: ['await-throw'], re: /^/, key: 'ldAwaitThrow', tone: 'wait' },
  { kinds: ['judge-throw'], re: /\((\d) red, (\d) green\)/, key: 'ldJudge', tone: 'do', params: (m) => ({ red: Number(m[1]), green: Number(m[2]) }) },
  { kinds: ['void'], re: /^Nobody in the round may throw/, key: 'ldNoShooter', tone: 'stop' },
  // Banked poker (CHE/TCP/UTH/THB/FP): the next card from the shoe per the spec's slot order, then the players' decision windows
  { kinds: ['deal'], re: /^Deal one card to the dealer \(card (\d+), face down\)\.$/, key: 'pokerDealDealer', tone: 'do', params: (m) => ({ n: Number(m[1]) }) },
  { kinds: ['deal'], re: /^Deal one card to the player hand \(card (\d+), face up\)\.$/, key: 'pokerDealPlayer', tone: 'do', params: (m) => ({ n: Number(m[1]) }) },
  { kinds: ['deal'], re: /^Deal one card to the board \(card (\d+), face up\)\.$/, key: 'pokerDealBoard', tone: 'do', params: (m) => ({ n: Number(m[1]) }) },
  { kinds: ['wait-decisions'], re: /^Players are deciding \(([^)]*)\);.* then "([^"]+)" applies\.$/, key: 'pokerDeciding', tone: 'wait', params: (m) => ({ options: m[1] ?? '', fallback: m[2] ?? '' }) },
  { kinds: ['close-betting'], re: /^/, key: 'closeAtTimer', tone: 'wait' },
  { kinds: ['settle'], re: /^Settle the round\.$/, key: 'settle', tone: 'wait' },
];

export function dueItem(a: NextAction): DueItem {
  for (const t of TEMPLATES) {
    if (!t.kinds.includes(a.kind)) continue;
    const m = t.re.exec(a.message);
    if (!m) continue;
    const params = t.params ? t.params(m) : {};
    // "Seat 3 hand 2": split hands get their own phrase.
    const key = typeof params['hand'] === 'number' && params['hand'] > 0 ? `${t.key}Hand` : t.key;
    return { key, params, ruleId: a.ruleId ?? null, tone: t.tone, message: a.message };
  }
  return { key: 'raw', params: { message: a.message }, ruleId: a.ruleId ?? null, tone: 'do', message: a.message };
}

/**
 * Everything the dealer should see under "What is due": the kernel's next actions, plus what the
 * console derives from the view that the kernel does not say as an action: blackjack "Dealer stands
 * on 17" (BJ-13), the baccarat result after settlement, "No more bets" at the timer while betting,
 * and how the next round starts once this one is finished.
 */
export function dueItems(next: readonly NextAction[], round: RoundModel, opts: { readonly autoCadence: boolean } = { autoCadence: false }): DueItem[] {
  const out = next.map(dueItem);
  const o = round.dealerOutcome;
  if (o) out.unshift({ key: o.kind === 'busts' ? 'dealerBusts' : o.kind === 'blackjack' ? 'dealerBlackjack' : 'dealerStands', params: { n: o.total }, ruleId: 'BJ-13', tone: 'say', message: '' });
  const r = round.baccaratResult;
  if (r && round.phase === 'settled') out.unshift({ key: 'bacResult', params: { outcome: r.outcome, p: r.p, b: r.b }, ruleId: 'GEN-5', tone: 'say', message: '' });
  if (out.length === 0 && round.phase === 'betting') out.push({ key: 'closeAtTimer', params: {}, ruleId: 'GEN-3', tone: 'wait', message: '' });
  if (round.phase === 'none' || round.phase === 'idle' || round.phase === 'settled' || round.phase === 'void') {
    // no round at all yet (or the table idle): nothing "finished" — the console said so beside "No round" (seen on the screenshots)
    const finished = roundOver(round.phase);
    out.push({ key: opts.autoCadence ? 'nextRoundAuto' : finished ? 'nextRoundManual' : 'firstRoundManual', params: {}, ruleId: null, tone: opts.autoCadence ? 'wait' : 'do', message: '' });
  }
  return out;
}
