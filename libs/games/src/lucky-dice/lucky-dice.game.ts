import { ok } from '../common/result.js';
import { betsOfPlayer, bookTotals, type BookTotals } from '../kernel/book.js';
import { createKernel, defineGame, events, lifecycleNext, refuse, vio, type DeviceReaction, type RefereeDecision, type RefereeState } from '../kernel/define.js';
import { roundViewBase, type AcceptedBet, type Audience, type CommonCommand, type CommonEvent, type Deadline, type NextAction, type SettlementLine, type RoundViewBase } from '../kernel/kernel.js';
import { luckyDiceProfiles, maxReturnMultiple, parseDice, parseSpot, kindOf, resolveSpot, type LuckyDice, type LuckyDiceProfile } from './lucky-dice.rules.js';

/**
 * Lucky Dice on the referee (`defineGame`): idle → betting → closed → resolved → settled, `void`
 * from any unresolved phase (GEN-6). Rule IDs LD-1..LD-8 are defined in lucky-dice.rules.ts.
 *
 * Method A (LD-5, profile `ray-a`): after "no more bets" the dealer shakes the two cups; the dice
 * reader reports the dice when the cups are lifted (`dice.result` with a red and a green die). A
 * reader fault or a missed draw deadline is a reshake; more than `maxReshakes` voids the round (LD-8).
 *
 * Method B (LD-6/LD-7, profile `ray-b`): at "no more bets" the shooter is the player whose turn it is
 * (carried from the previous round) if they bet in this round, else the next player in the
 * throwing order who did. The dealer permits the throw, the reader reports it, the dealer approves
 * it (the round resolves) or declares it invalid (the shooter throws again; after
 * `maxInvalidThrowsPerShooter` in a row the turn passes). A shooter may decline; the turn passes.
 * An approved seven passes the dice to the next player for the next round (the table's carry).
 * Each step has a deadline: the shooter's throw time (passes the turn), the dealer's judging time
 * (the throw does not count — never an outcome without the dealer's approval).
 */

export type LuckyDiceCommand =
  | CommonCommand
  /** The reader's `dice.result` (red and green die). */
  | { readonly type: 'RecordDice'; readonly at: number; readonly red: number; readonly green: number }
  /** The reader's `dice.fault`: read again / reshake (LD-8). */
  | { readonly type: 'RecordDiceFault'; readonly at: number; readonly code: string }
  /** The playing phase's deadline passed (the server issues it from `deadlines`). */
  | { readonly type: 'DrawTimeout'; readonly at: number }
  /** Method B: the dealer permits the shooter to throw (LD-7). */
  | { readonly type: 'PermitThrow'; readonly at: number }
  /** Method B: the dealer approves the throw just read, or declares it invalid (LD-7). */
  | { readonly type: 'JudgeThrow'; readonly at: number; readonly valid: boolean }
  /** Method B: the dealer passes the turn (repeated invalid throws, a dispute: LD-6/LD-7). */
  | { readonly type: 'PassTurn'; readonly at: number; readonly reason?: string }
  /** Method B: the shooter declines to throw (LD-6); the player id comes from the token. */
  | { readonly type: 'DeclineThrow'; readonly at: number; readonly playerId: string }
  /** Method B carry: the throwing order and whose turn it is, from the previous round (LD-6). */
  | { readonly type: 'AttachShooter'; readonly at: number; readonly rotation: readonly string[]; readonly from: string | null };

export type ThrowVerdict = 'approved' | 'invalid' | 'not-permitted' | 'not-judged';

export interface ThrowRecord {
  readonly shooter: string;
  readonly dice: LuckyDice;
  readonly verdict: ThrowVerdict;
}

export type LuckyDiceEvent =
  | CommonEvent
  | { readonly type: 'DiceRecorded'; readonly at: number; readonly dice: LuckyDice }
  | { readonly type: 'DiceFaultRecorded'; readonly at: number; readonly code: string; readonly faults: number }
  | { readonly type: 'ShooterAttached'; readonly at: number; readonly rotation: readonly string[]; readonly from: string | null }
  | { readonly type: 'ThrowPermitted'; readonly at: number; readonly shooter: string }
  | { readonly type: 'ThrowRead'; readonly at: number; readonly shooter: string; readonly dice: LuckyDice }
  | { readonly type: 'ThrowJudged'; readonly at: number; readonly shooter: string; readonly dice: LuckyDice; readonly verdict: ThrowVerdict }
  | { readonly type: 'TurnPassed'; readonly at: number; readonly from: string; readonly to: string | null; readonly reason: 'declined' | 'timeout' | 'dealer' | 'invalid-throws' };

export interface ThrowSlice {
  /** Whose throw it is (method B); null before "no more bets" or when nobody in the round may throw. */
  readonly shooter: string | null;
  readonly permitted: boolean;
  /** A throw read and waiting for the dealer's judgement. */
  readonly pending: LuckyDice | null;
  readonly invalidInARow: number;
  readonly invalidTotal: number;
  /** Players who passed or were passed this round. */
  readonly passed: readonly string[];
}

export interface LuckyDiceState extends RefereeState {
  readonly game: 'lucky-dice';
  readonly dice: LuckyDice | null;
  readonly faults: number;
  /** The deadline of the current playing step (LD-8); null outside `closed`. */
  readonly deadline: number | null;
  /** Players in order of their first bet this round (the remote table's seat order, LD-6 [Interp.]). */
  readonly joinOrder: readonly string[];
  /** Method B: the throwing order carried between rounds, and where to look for this round's shooter. */
  readonly rotation: readonly string[];
  readonly from: string | null;
  readonly throwing: ThrowSlice;
  readonly throws: readonly ThrowRecord[];
}

export interface LuckyDiceView extends RoundViewBase {
  readonly game: 'lucky-dice';
  readonly drawMethod: LuckyDiceProfile['drawMethod'] | null;
  readonly deadline: number | null;
  readonly dice: LuckyDice | null;
  readonly faults: number;
  readonly voidReason: string | null;
  readonly shooter: string | null;
  readonly throwPermitted: boolean;
  readonly pendingThrow: LuckyDice | null;
  readonly throws: readonly ThrowRecord[];
  readonly bets: readonly AcceptedBet[];
  readonly totals?: BookTotals;
}

const EMPTY_THROW: ThrowSlice = { shooter: null, permitted: false, pending: null, invalidInARow: 0, invalidTotal: 0, passed: [] };

/** The cycle of players to look through for a shooter: the carried order, then newcomers in join order (LD-6). */
function cycleOf(s: LuckyDiceState): string[] {
  const seen = new Set(s.rotation);
  return [...s.rotation, ...s.joinOrder.filter((p) => !seen.has(p))];
}

const participates = (s: LuckyDiceState, p: string): boolean => (s.book.players.get(p)?.count ?? 0) > 0;

/** The first player in the cycle at or after `from` (after it when `strictlyAfter`) who bets this round and has not passed. */
export function nextShooter(s: LuckyDiceState, from: string | null, strictlyAfter: boolean): string | null {
  const cycle = cycleOf(s);
  if (cycle.length === 0) return null;
  const i = from === null ? -1 : cycle.indexOf(from);
  const start = i < 0 ? 0 : strictlyAfter ? i + 1 : i;
  for (let k = 0; k < cycle.length; k++) {
    const p = cycle[(start + k) % cycle.length] as string;
    if (participates(s, p) && !s.throwing.passed.includes(p)) return p;
  }
  return null;
}

export function defineLuckyDice(profiles: Readonly<Record<string, LuckyDiceProfile>> = luckyDiceProfiles) {
  const profileOf = (s: LuckyDiceState): LuckyDiceProfile | undefined => (s.profileId === null ? undefined : profiles[s.profileId]);
  const methodB = (s: LuckyDiceState): boolean => profileOf(s)?.drawMethod === 'player-throw';
  const onlyB = (s: LuckyDiceState, what: string): RefereeDecision<LuckyDiceEvent> | null =>
    methodB(s) ? null : refuse(vio('COMMAND_NOT_EXPECTED', 'LD-5', `${what} belongs to draw method B (players throw); this table draws with the dealer's cups (method A).`));

  /** A turn passes; nobody left → the round is void with refunds (LD-6 [Gap]: the seed names no fallback). */
  function pass(s: LuckyDiceState, at: number, reason: 'declined' | 'timeout' | 'dealer' | 'invalid-throws', pre: LuckyDiceEvent[] = []): RefereeDecision<LuckyDiceEvent> {
    const from = s.throwing.shooter ?? '';
    const after: LuckyDiceState = { ...s, throwing: { ...s.throwing, passed: [...s.throwing.passed, from] } };
    const to = nextShooter(after, from, true);
    const passed: LuckyDiceEvent = { type: 'TurnPassed', at, from, to, reason };
    if (to === null) return events<LuckyDiceEvent>(...pre, passed, { type: 'RoundVoided', at, reason: 'LD-6: no player in the round is left to throw', by: 'system' });
    return events<LuckyDiceEvent>(...pre, passed);
  }

  function fault(s: LuckyDiceState, at: number, code: string): RefereeDecision<LuckyDiceEvent> {
    const p = profileOf(s);
    const faults = s.faults + 1;
    const e: LuckyDiceEvent = { type: 'DiceFaultRecorded', at, code, faults };
    if (p && faults > p.maxReshakes) return events<LuckyDiceEvent>(e, { type: 'RoundVoided', at, reason: `LD-8: ${faults} dice faults, more than the ${p.maxReshakes} allowed`, by: 'system' });
    return events<LuckyDiceEvent>(e);
  }

  /** The dealer's verdict on the pending throw (or the judging deadline's). */
  function judge(s: LuckyDiceState, at: number, verdict: ThrowVerdict): RefereeDecision<LuckyDiceEvent> {
    const p = profileOf(s);
    const dice = s.throwing.pending;
    const shooter = s.throwing.shooter;
    if (!p || !dice || !shooter) return refuse(vio('DECISION_NOT_PENDING', 'LD-7', 'No throw is waiting for the dealer.'));
    const judged: LuckyDiceEvent = { type: 'ThrowJudged', at, shooter, dice, verdict };
    if (verdict === 'approved') return events<LuckyDiceEvent>(judged, { type: 'DiceRecorded', at, dice });
    return invalidThrow(s, at, judged);
  }

  function invalidThrow(s: LuckyDiceState, at: number, judged: LuckyDiceEvent): RefereeDecision<LuckyDiceEvent> {
    const p = profileOf(s) as LuckyDiceProfile;
    const total = s.throwing.invalidTotal + 1;
    if (total >= p.maxInvalidThrows) return events<LuckyDiceEvent>(judged, { type: 'RoundVoided', at, reason: `LD-8: ${total} invalid throws this round (operator limit ${p.maxInvalidThrows})`, by: 'system' });
    if (s.throwing.invalidInARow + 1 >= p.maxInvalidThrowsPerShooter) {
      const next = { ...s, throwing: { ...s.throwing, pending: null, invalidTotal: total } };
      return pass(next, at, 'invalid-throws', [judged]);
    }
    return events<LuckyDiceEvent>(judged);
  }

  const stepDeadline = (s: LuckyDiceState, at: number, p: LuckyDiceProfile | undefined): number | null => {
    if (!p) return null;
    if (p.drawMethod === 'dealer-cups') return at + p.drawTimeoutMs;
    if (s.phase !== 'closed') return null;
    if (s.throwing.shooter === null) return at; // nobody may throw: due at once (the round is voided)
    return at + (s.throwing.pending ? p.judgeTimeoutMs : p.throwTimeoutMs);
  };

  return defineGame<LuckyDiceState, LuckyDiceCommand, LuckyDiceEvent, LuckyDiceView, LuckyDiceProfile>({
    id: 'lucky-dice',
    name: 'Lucky Dice',
    profiles,
    defaultProfile: 'ray-a',
    maxReturnMultiple,
    initial: () => ({ game: 'lucky-dice', dice: null, faults: 0, deadline: null, joinOrder: [], rotation: [], from: null, throwing: EMPTY_THROW, throws: [] }),
    bets: {
      spot(_s, p, key) {
        const spot = parseSpot(key, p);
        if (!spot.ok) return spot;
        return ok({ key, kind: kindOf(spot.value) });
      },
      onAccepted: (s, bet) => (s.joinOrder.includes(bet.playerId) ? s : { ...s, joinOrder: [...s.joinOrder, bet.playerId] }),
    },
    moves: {
      RecordDice: {
        phases: ['closed'],
        // dice read while betting is open are a fault, never a close-and-resolve (issue 9 §2; LD-5: the cups are shaken at "no more bets")
        result: { ruleId: 'LD-5' },
        decide(s, c) {
          const dice = parseDice({ red: c.red, green: c.green });
          if (!dice.ok) return dice;
          if (!methodB(s)) return events<LuckyDiceEvent>({ type: 'DiceRecorded', at: c.at, dice: dice.value });
          const shooter = s.throwing.shooter;
          if (shooter === null) return refuse(vio('NOT_EXPECTING_DICE', 'LD-6', 'Nobody in the round may throw.'));
          if (s.throwing.pending) return refuse(vio('NOT_EXPECTING_DICE', 'LD-7', 'The last throw still waits for the dealer\'s judgement.'));
          // LD-7: a throw before the dealer's permission is not approved; the shooter throws again.
          if (!s.throwing.permitted) return invalidThrow(s, c.at, { type: 'ThrowJudged', at: c.at, shooter, dice: dice.value, verdict: 'not-permitted' });
          return events<LuckyDiceEvent>({ type: 'ThrowRead', at: c.at, shooter, dice: dice.value });
        },
      },
      RecordDiceFault: {
        phases: ['closed'],
        decide: (s, c) => fault(s, c.at, typeof c.code === 'string' ? c.code : 'unknown'),
      },
      DrawTimeout: {
        phases: ['closed'],
        decide(s, c) {
          if (s.deadline === null || c.at < s.deadline) return refuse(vio('DECISION_TIME_NOT_OVER', 'LD-8', 'The draw deadline has not passed yet.', { deadline: s.deadline }));
          if (!methodB(s)) return fault(s, c.at, 'draw_timeout');
          if (s.throwing.shooter === null) return events<LuckyDiceEvent>({ type: 'RoundVoided', at: c.at, reason: 'LD-6: no player in the round may throw', by: 'system' });
          if (s.throwing.pending) return judge(s, c.at, 'not-judged');
          return pass(s, c.at, 'timeout');
        },
      },
      PermitThrow: {
        phases: ['closed'],
        decide(s, c) {
          const b = onlyB(s, 'PermitThrow');
          if (b) return b;
          const shooter = s.throwing.shooter;
          if (shooter === null || s.throwing.pending) return refuse(vio('DECISION_NOT_PENDING', 'LD-7', s.throwing.pending ? 'Judge the last throw first.' : 'Nobody may throw now.'));
          if (s.throwing.permitted) return refuse(vio('DECISION_NOT_PENDING', 'LD-7', `${shooter} may already throw.`));
          return events<LuckyDiceEvent>({ type: 'ThrowPermitted', at: c.at, shooter });
        },
      },
      JudgeThrow: {
        phases: ['closed'],
        decide(s, c) {
          const b = onlyB(s, 'JudgeThrow');
          if (b) return b;
          if (typeof c.valid !== 'boolean') return refuse(vio('INVALID_COMMAND', 'LD-7', 'JudgeThrow needs valid: true (approved) or false (invalid).'));
          return judge(s, c.at, c.valid ? 'approved' : 'invalid');
        },
      },
      PassTurn: {
        phases: ['closed'],
        decide(s, c) {
          const b = onlyB(s, 'PassTurn');
          if (b) return b;
          if (s.throwing.shooter === null) return refuse(vio('DECISION_NOT_PENDING', 'LD-6', 'Nobody holds the dice.'));
          if (s.throwing.pending) return refuse(vio('DECISION_NOT_PENDING', 'LD-7', 'Judge the last throw first.'));
          return pass(s, c.at, 'dealer');
        },
      },
      DeclineThrow: {
        phases: ['closed'],
        decide(s, c) {
          const b = onlyB(s, 'DeclineThrow');
          if (b) return b;
          if (s.throwing.shooter === null || s.throwing.shooter !== c.playerId) return refuse(vio('NOT_YOUR_TURN', 'LD-6', 'Only the player whose turn it is may decline the throw.'));
          if (s.throwing.pending) return refuse(vio('DECISION_NOT_PENDING', 'LD-7', 'The throw was already made.'));
          return pass(s, c.at, 'declined');
        },
      },
      AttachShooter: {
        phases: ['betting'],
        decide(s, c) {
          const b = onlyB(s, 'AttachShooter');
          if (b) return b;
          const rot = c.rotation as unknown;
          if (!Array.isArray(rot) || rot.some((p) => typeof p !== 'string' || p === '') || new Set(rot).size !== rot.length || (c.from !== null && typeof c.from !== 'string')) {
            return refuse(vio('INVALID_COMMAND', 'LD-6', 'AttachShooter carries the throwing order (distinct player ids) and whose turn it is.'));
          }
          if (s.rotation.length > 0 || s.from !== null) return refuse(vio('INVALID_COMMAND', 'LD-6', 'The throwing order is attached once, when the round opens.'));
          return events<LuckyDiceEvent>({ type: 'ShooterAttached', at: c.at, rotation: rot as string[], from: c.from });
        },
      },
    },
    afterCommon(s, e) {
      if (e.type !== 'BettingClosed') return s;
      const p = profileOf(s);
      if (p?.drawMethod !== 'player-throw') return { ...s, deadline: stepDeadline(s, e.at, p) };
      const shooter = nextShooter(s, s.from, false);
      const next: LuckyDiceState = { ...s, throwing: { ...EMPTY_THROW, shooter } };
      return { ...next, deadline: stepDeadline(next, e.at, p) };
    },
    evolve(s, e) {
      const seq = s.seq + 1;
      const p = profileOf(s);
      switch (e.type) {
        case 'DiceRecorded':
          return { ...s, seq, dice: e.dice, phase: 'resolved', deadline: null };
        case 'DiceFaultRecorded': {
          const t = { ...s.throwing, pending: null, permitted: false };
          const next: LuckyDiceState = { ...s, seq, faults: e.faults, throwing: t };
          return { ...next, deadline: stepDeadline(next, e.at, p) };
        }
        case 'ShooterAttached':
          return { ...s, seq, rotation: e.rotation, from: e.from };
        case 'ThrowPermitted':
          return { ...s, seq, throwing: { ...s.throwing, permitted: true } };
        case 'ThrowRead': {
          const next: LuckyDiceState = { ...s, seq, throwing: { ...s.throwing, pending: e.dice } };
          return { ...next, deadline: stepDeadline(next, e.at, p) };
        }
        case 'ThrowJudged': {
          const throws = [...s.throws, { shooter: e.shooter, dice: e.dice, verdict: e.verdict }];
          if (e.verdict === 'approved') return { ...s, seq, throws, throwing: { ...s.throwing, pending: null } };
          const t: ThrowSlice = { ...s.throwing, pending: null, permitted: false, invalidInARow: s.throwing.invalidInARow + 1, invalidTotal: s.throwing.invalidTotal + 1 };
          const next: LuckyDiceState = { ...s, seq, throws, throwing: t };
          return { ...next, deadline: stepDeadline(next, e.at, p) };
        }
        case 'TurnPassed': {
          const t: ThrowSlice = { ...s.throwing, shooter: e.to, permitted: false, pending: null, invalidInARow: 0, passed: [...s.throwing.passed, e.from] };
          const next: LuckyDiceState = { ...s, seq, throwing: t };
          return { ...next, deadline: e.to === null ? null : stepDeadline(next, e.at, p) };
        }
      }
    },
    view(s, audience: Audience): LuckyDiceView {
      const base = {
        game: 'lucky-dice' as const,
        ...roundViewBase(s),
        drawMethod: profileOf(s)?.drawMethod ?? null,
        deadline: s.deadline,
        dice: s.dice,
        faults: s.faults,
        voidReason: s.voidReason,
        shooter: s.throwing.shooter,
        throwPermitted: s.throwing.permitted,
        pendingThrow: s.throwing.pending,
        throws: s.throws,
      };
      return audience.role === 'player' ? { ...base, bets: betsOfPlayer(s.book, audience.playerId) } : { ...base, bets: [], totals: bookTotals(s.book) };
    },
    // The dice, the shooter and the dealer's verdicts are public: every audience sees the table on camera.
    redact: (e) => e,
    settle(s, profile) {
      const dice = s.dice;
      if (dice === null) return refuse(vio('ROUND_NOT_RESOLVED', 'GEN-5', 'The round has no dice result yet.'));
      return ok(settleBets(s.book.byId.values(), dice, profile));
    },
    next(s): readonly NextAction[] {
      const p = profileOf(s);
      return lifecycleNext(s.phase, {
        closed: () => {
          if (p?.drawMethod !== 'player-throw') return [{ kind: 'shake', message: s.faults === 0 ? 'Shake the two cups and lift them (red die = group, green die = number).' : `Shake the cups again (fault ${s.faults} of at most ${p?.maxReshakes ?? 0}).`, ruleId: 'LD-5' }];
          const t = s.throwing;
          if (t.shooter === null) return [{ kind: 'void', message: 'Nobody in the round may throw: the round is voided with refunds.', ruleId: 'LD-6' }];
          if (t.pending) return [{ kind: 'judge-throw', message: `Judge ${t.shooter}'s throw (${t.pending.red} red, ${t.pending.green} green): approve it, or declare it invalid.`, ruleId: 'LD-7' }];
          if (!t.permitted) return [{ kind: 'permit-throw', message: `Permit ${t.shooter} to throw${t.invalidInARow > 0 ? ` again (${t.invalidInARow} invalid so far)` : ''}, or pass the turn.`, ruleId: 'LD-7' }];
          return [{ kind: 'await-throw', message: `${t.shooter} throws both dice to the far bowl.`, ruleId: 'LD-7' }];
        },
      });
    },
    deadlines(s): readonly Deadline[] {
      if (s.phase !== 'closed' || s.deadline === null) return [];
      return [{ at: s.deadline, command: { type: 'DrawTimeout', at: s.deadline } }];
    },
    devices: {
      reporters: { dice: ['dice', 'shaker'], shaker: ['shaker'] },
      map(ev, _ctx, at): DeviceReaction | null {
        const p = ev.payload;
        const roundId = typeof p.roundId === 'string' ? { forRoundId: p.roundId } : {};
        switch (ev.type) {
          case 'dice.result': {
            const dice = diceOfPayload(p);
            if (dice === null) return { kind: 'alert', severity: 'warning', code: 'INVALID_DICE', message: `Dice reader ${ev.deviceId} reported ${JSON.stringify(p.dice)}: Lucky Dice needs a red and a green die (LD-1).`, fault: true };
            return { kind: 'command', command: { type: 'RecordDice', at, red: dice.red, green: dice.green }, closesBetting: false, ...roundId };
          }
          case 'dice.fault':
            return { kind: 'command', command: { type: 'RecordDiceFault', at, code: p.code }, closesBetting: false, ...roundId };
          case 'shaker.state':
            return p.state === 'error' ? { kind: 'alert', severity: 'warning', code: 'SHAKER_ERROR', message: `Dice device ${ev.deviceId} reports an error.`, fault: true } : { kind: 'track' };
          default:
            return null;
        }
      },
      react(e, s, ctx) {
        // Method A: the cups are shaken for the round (the studio's cup device / robot dealer); its id is the correlation id.
        if (profileOf(s)?.drawMethod !== 'dealer-cups') return [];
        const shake = { deviceKind: 'shaker', type: 'shaker.shake', payload: { durationMs: 3000, roundId: ctx.roundId } };
        if (e.type === 'BettingClosed') return [shake];
        if (e.type === 'DiceFaultRecorded' && s.phase === 'closed') return [shake];
        return [];
      },
    },
    carry: {
      next(prev, at) {
        const p = profileOf(prev);
        if (p?.drawMethod !== 'player-throw') return null;
        const cycle = cycleOf(prev);
        const shooter = prev.throwing.shooter;
        if (shooter === null) return { type: 'AttachShooter', at, rotation: cycle, from: prev.from };
        // LD-6: the shooter keeps the dice until an approved seven; then the next player.
        const seven = prev.dice !== null && prev.dice.red + prev.dice.green === 7;
        if (!seven) return { type: 'AttachShooter', at, rotation: cycle, from: shooter };
        const i = cycle.indexOf(shooter);
        return { type: 'AttachShooter', at, rotation: cycle, from: cycle[(i + 1) % cycle.length] ?? null };
      },
    },
    example: { spots: ['plein:1', 'under-7'], resolve: [{ type: 'RecordDice', red: 1, green: 1 }] },
    commands: [
      { type: 'PermitThrow', roles: ['dealer'], ruleId: 'LD-7', description: 'Permit the shooter to throw (method B).' },
      { type: 'JudgeThrow', roles: ['dealer'], ruleId: 'LD-7', description: 'Approve the throw just read, or declare it invalid (method B).' },
      { type: 'PassTurn', roles: ['dealer'], ruleId: 'LD-6', description: 'Pass the dice to the next player (method B).' },
      { type: 'DeclineThrow', roles: ['player'], ruleId: 'LD-6', description: 'The shooter declines to throw; the turn passes (method B).' },
      { type: 'RecordDice', roles: ['dealer'], signOff: true, ruleId: 'LD-1', description: 'Enter the dice by hand when the reader fails (a pit boss signs off).' },
    ],
  });
}

/** `dice.result` payload → the red and green die: `{ dice: [red, green] }`, or with `colours` naming each die's colour. */
export function diceOfPayload(p: Readonly<Record<string, unknown>>): LuckyDice | null {
  const d = p.dice;
  if (!Array.isArray(d) || d.length !== 2) return null;
  const colours = p.colours;
  let red: unknown = d[0];
  let green: unknown = d[1];
  if (colours !== undefined) {
    if (!Array.isArray(colours) || colours.length !== 2) return null;
    if (colours[0] === 'green' && colours[1] === 'red') [red, green] = [d[1], d[0]];
    else if (!(colours[0] === 'red' && colours[1] === 'green')) return null;
  }
  const parsed = parseDice({ red, green });
  return parsed.ok ? parsed.value : null;
}

/** Settle bets against the dice (shared by the kernel and `felt settle`). */
export function settleBets(bets: Iterable<AcceptedBet>, dice: LuckyDice, p: LuckyDiceProfile): SettlementLine[] {
  const out: SettlementLine[] = [];
  for (const b of bets) {
    const spot = parseSpot(b.spot, p);
    // Accepted bets always have a valid spot (checked by decide / settleOffline).
    if (!spot.ok) throw new Error(`bet ${b.betId} has invalid spot ${b.spot}`);
    const r = resolveSpot(spot.value, dice, p);
    const returnMinor = b.stakeMinor * r.returnMultiple;
    if (!Number.isSafeInteger(returnMinor)) throw new Error('amount overflow');
    out.push({ betId: b.betId, playerId: b.playerId, stakeMinor: b.stakeMinor, returnMinor, outcome: r.outcome, rules: r.rules });
  }
  return out;
}

export const luckyDiceDefinition = defineLuckyDice();
export const luckyDiceKernel = createKernel(luckyDiceDefinition);
