import { isMinor } from '../common/money.js';
import { ok, violation, type Result } from '../common/result.js';
import { checkStakeAmount, globalStakeCeiling } from '../kernel/define.js';
import { settlementOf, type Settlement, type SettlementLine } from '../kernel/kernel.js';
import { parseCards, type CardId } from './ray-poker.hand.js';
import { dynamicResults, fastResults, line, maxReturnMultiple, rayPokerProfiles, riversideResults, tripleBetBonus, tripleBetMain, type RayPokerProfile } from './ray-poker.rules.js';

/**
 * `felt settle ray-poker --profile <fast|triple-bet|dynamic|riverside|…>` — the dispute tool (GEN-8).
 * Untrusted JSON; every card a canonical code, each card at most once in the deal, the right count
 * per hand (INVALID_CARD / INVALID_CARDS), stakes positive whole minor units (INVALID_AMOUNT, GEN-4),
 * decisions the game allows (INVALID_INPUT with the rule). Inputs:
 *
 * fast        { "dealer": [3 cards], "seats": [ { "seat": 1, "playerId"?, "cards": [3], "bet": 100, "bonus"?: 10, "decision": "play"|"fold" } ] }
 * triple-bet  { "community": [2 cards], "seats": [ { "seat": 1, "playerId"?, "cards": [3], "bet": 100, "bonus"?: 10, "removed": 0|1|2 } ] }
 * dynamic     { "dealer": [2], "board": [5], "seats": [ { "seat": 1, "playerId"?, "cards": [2], "blind": 100, "bonus"?: 10, "decision": "play"|"fold", "turn"?: bool, "river"?: bool } ] }
 * riverside   { "dealer": [2], "board": [5], "seats": [ { "seat": 1, "playerId"?, "cards": [2], "blind": 100, "bonus"?: 10, "decision": "call"|"fold" } ] }
 *
 * Bet ids are `s<seat>-<box>` (box: bet, play, bonus, main1..3, blind, flop, turn, river, call).
 */

const isObj = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const bad = (message: string, ruleId: string | null = 'GEN-8') => violation('INVALID_INPUT', ruleId, message);

const SEAT_FIELDS: Readonly<Record<RayPokerProfile['game'], readonly string[]>> = {
  fast: ['seat', 'playerId', 'cards', 'bet', 'bonus', 'decision'],
  'triple-bet': ['seat', 'playerId', 'cards', 'bet', 'bonus', 'removed'],
  dynamic: ['seat', 'playerId', 'cards', 'blind', 'bonus', 'decision', 'turn', 'river'],
  riverside: ['seat', 'playerId', 'cards', 'blind', 'bonus', 'decision'],
};
const TOP_FIELDS: Readonly<Record<RayPokerProfile['game'], readonly string[]>> = {
  fast: ['roundId', 'dealer', 'seats'],
  'triple-bet': ['roundId', 'community', 'seats'],
  dynamic: ['roundId', 'dealer', 'board', 'seats'],
  riverside: ['roundId', 'dealer', 'board', 'seats'],
};
const RULE: Readonly<Record<RayPokerProfile['game'], string>> = { fast: 'FP-1', 'triple-bet': 'TB-1', dynamic: 'DY-1', riverside: 'RV-1' };
const HOLE: Readonly<Record<RayPokerProfile['game'], number>> = { fast: 3, 'triple-bet': 3, dynamic: 2, riverside: 2 };

export function rayPokerSettleOffline(profileId: string, input: unknown): Result<Settlement> {
  const p = rayPokerProfiles[profileId];
  if (!p) return violation('UNKNOWN_PROFILE', 'D-2', `Unknown RAY poker profile "${profileId}" (known: ${Object.keys(rayPokerProfiles).join(', ')}).`);
  const rule = RULE[p.game];
  if (!isObj(input)) return bad(`The input must be an object with ${TOP_FIELDS[p.game].join(', ')}.`);
  const extra = Object.keys(input).find((k) => !TOP_FIELDS[p.game].includes(k));
  if (extra !== undefined) return bad(`Unknown field "${extra}" (allowed: ${TOP_FIELDS[p.game].join(', ')}).`);
  if (input.roundId !== undefined && (typeof input.roundId !== 'string' || input.roundId === '')) return bad('roundId must be a non-empty string.');
  const seen = new Set<CardId>();
  let dealer: CardId[] = [];
  let board: CardId[] = [];
  if (p.game === 'triple-bet') {
    const c = parseCards(input.community, 2, 'community', seen, rule);
    if (!c.ok) return c;
    board = c.value;
  } else {
    const d = parseCards(input.dealer, p.game === 'fast' ? 3 : 2, 'dealer', seen, rule);
    if (!d.ok) return d;
    dealer = d.value;
    if (p.game !== 'fast') {
      const b = parseCards(input.board, 5, 'board', seen, rule);
      if (!b.ok) return b;
      board = b.value;
    }
  }
  if (!Array.isArray(input.seats) || input.seats.length === 0) return bad('"seats" must be a non-empty array.');
  const ceiling = globalStakeCeiling(maxReturnMultiple(p));
  const lines: SettlementLine[] = [];
  const seatNos = new Set<number>();
  for (let i = 0; i < input.seats.length; i++) {
    const s: unknown = input.seats[i];
    const where = `seats[${i}]`;
    if (!isObj(s)) return bad(`${where} must be an object.`);
    const x = Object.keys(s).find((k) => !SEAT_FIELDS[p.game].includes(k));
    if (x !== undefined) return bad(`${where} has an unknown field "${x}" (allowed: ${SEAT_FIELDS[p.game].join(', ')}).`);
    if (!isMinor(s.seat) || s.seat < 1 || seatNos.has(s.seat)) return bad(`${where}.seat must be a seat number ≥ 1, once per seat (one player per seat, §7).`, rule);
    seatNos.add(s.seat);
    if (s.playerId !== undefined && (typeof s.playerId !== 'string' || s.playerId === '')) return bad(`${where}.playerId must be a non-empty string.`);
    const playerId = typeof s.playerId === 'string' ? s.playerId : `player${s.seat}`;
    const cards = parseCards(s.cards, HOLE[p.game], `${where}.cards`, seen, rule);
    if (!cards.ok) return cards;
    const stakeField = p.game === 'fast' || p.game === 'triple-bet' ? 'bet' : 'blind';
    const stake = s[stakeField];
    const amount = checkStakeAmount(stake, ceiling);
    if (amount) return { ok: false, violation: { ...amount, message: `${where}.${stakeField}: ${amount.message}` } };
    const base = stake as number;
    let bonus = 0;
    if (s.bonus !== undefined) {
      const b = checkStakeAmount(s.bonus, ceiling);
      if (b) return { ok: false, violation: { ...b, message: `${where}.bonus: ${b.message}` } };
      bonus = s.bonus as number;
    }
    const id = (box: string) => `s${s.seat}-${box}`;
    const push = (box: string, st: number, r: Parameters<typeof line>[3] | null) => {
      if (r !== null && st > 0) lines.push(line(id(box), playerId, st, r));
    };
    switch (p.game) {
      case 'fast': {
        if (s.decision !== 'play' && s.decision !== 'fold') return bad(`${where}.decision must be "play" or "fold".`, 'FP-1');
        const r = fastResults({ cards: cards.value, decision: s.decision }, dealer, p);
        push('bet', base, r.bet);
        push('play', base, r.play);
        push('bonus', bonus, r.bonus);
        break;
      }
      case 'triple-bet': {
        const removed = s.removed ?? 0;
        if (removed !== 0 && removed !== 1 && removed !== 2) return bad(`${where}.removed must be 0, 1 or 2: one bet at each of the two decision points, at least one stays (TB-1).`, 'TB-1');
        const five = [...cards.value, ...board];
        const main = tripleBetMain(five, p);
        for (let k = 1; k <= 3 - removed; k++) push(`main${k}`, base, main);
        push('bonus', bonus, tripleBetBonus(five, p));
        break;
      }
      case 'dynamic': {
        if (s.decision !== 'play' && s.decision !== 'fold') return bad(`${where}.decision must be "play" (the Flop bet, 2 × Blind) or "fold".`, 'DY-1');
        const turn = s.turn === true;
        const river = s.river === true;
        if ((s.turn !== undefined && typeof s.turn !== 'boolean') || (s.river !== undefined && typeof s.river !== 'boolean')) return bad(`${where}.turn/river must be true or false.`, 'DY-1');
        if (river && !turn) return bad(`${where}: the River raise needs the Turn raise (DY-1: "a player who did not raise at the Turn cannot raise now").`, 'DY-1');
        if (s.decision === 'fold' && (turn || river)) return bad(`${where}: a folded hand places no Turn or River bet (DY-1).`, 'DY-1');
        const r = dynamicResults({ hole: cards.value, decision: s.decision, turn, river }, dealer, board, p);
        push('blind', base, r.blind);
        push('flop', 2 * base, r.flop);
        push('turn', base, r.turn);
        push('river', base, r.river);
        push('bonus', bonus, r.bonus);
        break;
      }
      case 'riverside': {
        if (s.decision !== 'call' && s.decision !== 'fold') return bad(`${where}.decision must be "call" (2 × Blind) or "fold".`, 'RV-1');
        const r = riversideResults({ hole: cards.value, decision: s.decision }, dealer, board, p);
        push('blind', base, r.blind);
        push('call', 2 * base, r.call);
        push('bonus', bonus, r.bonus);
        break;
      }
    }
  }
  if (lines.some((l) => !Number.isSafeInteger(l.returnMinor))) return violation('STAKE_TOO_LARGE', 'D-1', 'A payout would not stay an exact integer.');
  return ok(settlementOf(typeof input.roundId === 'string' ? input.roundId : 'offline', false, lines));
}
