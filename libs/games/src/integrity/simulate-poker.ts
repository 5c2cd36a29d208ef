/**
 * Seeded poker tables for the collusion and bot detectors (issue 23 §4): a Hold'em table (NL 50/100, 6
 * seats, stacks of 100 big blinds every hand) played through the same hand state machine the live tables
 * run, by simulated players — fair people of several styles who look at their cards and take a human time to
 * act, and planted cheats: a chip-dumping pair, a soft-playing pair, a timing bot. Chance is an argument.
 */
import { createRng, type Rng } from '../common/random.js';
import { cardDue, legalActions, startHand, applyHandCommand, type HandCommand, type HandState } from '../poker-table/hand.js';
import { tableConfig } from '../poker-table/profiles.js';
import { pokerHandRecord, preflopStrength, type LoggedPokerHand, type PokerHandRecord } from './poker-collusion.js';

/** How a simulated player plays: its style, its partner (a cheat's), and how long it takes to act. */
export interface SimPokerPlayer {
  /** fair styles: how often it bets/raises when it may (× its hand's strength), how readily it folds to a bet. */
  readonly aggression: number;
  readonly looseness: number;
  /** the median decision time (ms) and the standard deviation of its log (people: 0.5–1.0). */
  readonly medianMs: number;
  readonly logSd: number;
  /** a timing bot: acts after `medianMs` ± this many ms, uniformly (no log-normal spread). */
  readonly botJitterMs?: number;
  readonly cheat?: { readonly kind: 'dumper' | 'receiver' | 'soft'; readonly partner: string; readonly rate?: number };
}

export const simPokerPlayers = {
  /** a thoughtful regular. */
  tight: (): SimPokerPlayer => ({ aggression: 0.25, looseness: 0.2, medianMs: 4_000, logSd: 0.7 }),
  /** plays many hands, passively. */
  loose: (): SimPokerPlayer => ({ aggression: 0.1, looseness: 0.7, medianMs: 2_500, logSd: 0.6 }),
  /** bets and raises a lot. */
  aggro: (): SimPokerPlayer => ({ aggression: 0.45, looseness: 0.5, medianMs: 1_800, logSd: 0.5 }),
  /** a quick, even-tempered clicker — the hardest fair player for the timing test. */
  quick: (): SimPokerPlayer => ({ aggression: 0.2, looseness: 0.4, medianMs: 1_200, logSd: 0.45 }),
  /** a script: 1.2 s ± 150 ms every decision. */
  bot: (): SimPokerPlayer => ({ aggression: 0.2, looseness: 0.4, medianMs: 1_200, logSd: 0, botJitterMs: 150 }),
  /** raises big pre-flop when its partner is in the hand (in `rate` of the hands) and folds to the partner's re-raise. */
  dumper: (partner: string, rate = 0.2): SimPokerPlayer => ({ ...simPokerPlayers.tight(), cheat: { kind: 'dumper', partner, rate } }),
  /** re-raises its dumping partner. */
  receiver: (partner: string): SimPokerPlayer => ({ ...simPokerPlayers.tight(), cheat: { kind: 'receiver', partner } }),
  /** never bets or raises heads-up against its partner. */
  soft: (partner: string, style: SimPokerPlayer = simPokerPlayers.aggro()): SimPokerPlayer => ({ ...style, cheat: { kind: 'soft', partner } }),
};

/** A standard normal draw (Box–Muller). */
const gauss = (rng: Rng): number => Math.sqrt(-2 * Math.log(1 - rng.next())) * Math.cos(2 * Math.PI * rng.next());

function thinkMs(p: SimPokerPlayer, rng: Rng): number {
  if (p.botJitterMs !== undefined) return Math.round(p.medianMs - p.botJitterMs + rng.next() * 2 * p.botJitterMs);
  return Math.min(60_000, Math.max(150, Math.round(p.medianMs * Math.exp(p.logSd * gauss(rng)))));
}

function decide(s: HandState, me: SimPokerPlayer, rng: Rng, at: number, dumping: boolean): HandCommand | null {
  const la = legalActions(s);
  if (!la || s.toAct === null) return null;
  const x = s.seats[s.toAct]!;
  const bb = s.config.bigBlindMinor;
  const strength = preflopStrength('holdem', x.cards.map((c) => c.card)) ?? 0.5;
  const live = (id: string): boolean => s.seats.some((y) => y.playerId === id && !y.folded);
  const cheat = me.cheat;
  if (cheat?.kind === 'dumper' && dumping && live(cheat.partner)) {
    const partnerRaised = s.lastAggressor !== null && s.seats[s.lastAggressor]?.playerId === cheat.partner;
    if (x.totalMinor >= 8 * bb && partnerRaised && la.callMinor > 0) return { type: 'act', seat: la.seat, action: 'fold', at };
    if (la.raise && x.totalMinor < 8 * bb) return { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: Math.min(la.raise.maxToMinor, Math.max(la.raise.minToMinor, 10 * bb)), at };
  }
  if (cheat?.kind === 'receiver' && live(cheat.partner) && s.lastAggressor !== null && s.seats[s.lastAggressor]?.playerId === cheat.partner && la.raise && la.callMinor > 0) {
    return { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: la.raise.minToMinor, at };
  }
  const headsUpVsPartner = cheat?.kind === 'soft' && s.seats.filter((y, j) => j !== s.toAct && !y.folded).map((y) => y.playerId).join() === cheat.partner;
  const roll = rng.next();
  if (la.raise && !headsUpVsPartner && roll < me.aggression * (0.4 + strength)) {
    const to = Math.min(la.raise.maxToMinor, Math.max(la.raise.minToMinor, Math.round((s.currentBetMinor + (2 + rng.int(3)) * bb) / 50) * 50));
    return { type: 'act', seat: la.seat, action: la.raise.kind, toMinor: to, at };
  }
  if (la.canCheck) return { type: 'act', seat: la.seat, action: 'check', at };
  const pressure = la.callMinor / Math.max(1, x.stackMinor);
  const foldP = Math.min(0.97, Math.max(0.02, 0.75 - me.looseness * 0.6 + pressure * 1.5 - (strength - 0.5) * 0.9));
  if (rng.next() < foldP) return { type: 'act', seat: la.seat, action: 'fold', at };
  return { type: 'act', seat: la.seat, action: 'call', at };
}

/**
 * `hands` hands at one table among `players` (2–6, by id), each hand's log laid out again into the
 * detectors' record (`pokerHandRecord`), oldest first.
 */
export function simulatePokerTable(hands: number, seed: number, players: Readonly<Record<string, SimPokerPlayer>>, tableId = 'sim', onHand?: (logged: LoggedPokerHand) => void): PokerHandRecord[] {
  const rng = createRng(seed);
  const ids = Object.keys(players);
  const config = tableConfig({ variant: 'holdem', structure: 'no-limit', smallBlindMinor: 50, bigBlindMinor: 100, actionMs: 120_000, timeBankMs: 0 });
  const seats = ids.map((playerId, i) => ({ seat: i + 1, playerId, stackMinor: 10_000 }));
  const out: PokerHandRecord[] = [];
  let now = 1_700_000_000_000;
  for (let n = 0; n < hands; n++) {
    const handId = `${tableId}-h${n + 1}`;
    const at0 = now;
    const buttonSeat = (n % seats.length) + 1;
    const started = startHand({ handId, config, seats, buttonSeat, at: at0 });
    if (!started.ok) throw new Error(started.violation.message);
    let s = started.value;
    const deck = Array.from({ length: 52 }, (_, i) => i);
    for (let i = deck.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    const dumping = new Set(ids.filter((id) => players[id]!.cheat?.kind === 'dumper' && rng.next() < (players[id]!.cheat?.rate ?? 0.2)));
    const commands: HandCommand[] = [];
    for (let guard = 0; guard < 500 && s.result === null; guard++) {
      let cmd: HandCommand | null = null;
      if (cardDue(s) !== null) cmd = { type: 'card', card: deck.pop()!, at: now };
      else if (s.toAct !== null) {
        const who = s.seats[s.toAct]!.playerId;
        const me = players[who]!;
        now += thinkMs(me, rng);
        cmd = decide(s, me, rng, now, dumping.has(who));
      }
      if (cmd === null) break;
      const r = applyHandCommand(s, cmd);
      if (!r.ok) throw new Error(`${handId}: ${r.violation.code} ${r.violation.message}`);
      s = r.value;
      commands.push(cmd);
    }
    const logged: LoggedPokerHand = { tableId, handId, config, seats, buttonSeat, at: at0, commands };
    onHand?.(logged);
    const rec = pokerHandRecord(logged);
    if (!rec.ok) throw new Error(rec.violation.message);
    out.push(rec.value);
    now += 5_000;
  }
  return out;
}

/** Five fair players of mixed styles (ids p1…p5) and room for one more. */
export function fairPokerTable(extra: Readonly<Record<string, SimPokerPlayer>> = {}): Record<string, SimPokerPlayer> {
  const base: Record<string, SimPokerPlayer> = { p1: simPokerPlayers.tight(), p2: simPokerPlayers.loose(), p3: simPokerPlayers.aggro(), p4: simPokerPlayers.quick(), p5: simPokerPlayers.tight(), p6: simPokerPlayers.loose() };
  const ids = Object.keys(extra);
  for (let i = 0; i < ids.length; i++) delete base[`p${6 - i}`];
  return { ...base, ...extra };
}
