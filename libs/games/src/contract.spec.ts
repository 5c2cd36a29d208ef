import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GAME_KERNELS, gameDefinition, gameKernel, type AnyRefereeKernel } from './definitions.js';
import { readFileSync } from 'node:fs';
import { COMMON_REPORTERS, DEVICE_KINDS, LIFECYCLE, lifecycleMarkdown, SITUATIONS, type LifecycleOutcome, type RefereeDecision, type RefereeState, type Situation } from './kernel/define.js';
import { GAME_ERRORS, isGameErrorCode } from './kernel/errors.js';
import type { Audience, Phase, RoundLimits } from './kernel/kernel.js';
import { settlementMoneyFaults } from './kernel/money.spec-helper.js';
import { GAME_IDS, GAME_MANIFESTS, OFFLINE_GAME_IDS } from './games.js';
import type { GameManifest } from './kernel/manifest.js';
import { gameModule } from './registry.js';

/** Card codes an event still carries while marking them face down (`faceDown: true` anywhere in it): must be none. */
function faceDownCards(x: unknown): string[] {
  if (typeof x !== 'object' || x === null) return [];
  const o = x as Record<string, unknown>;
  const own = Object.values(o).some((v) => typeof v === 'object' && v !== null && (v as Record<string, unknown>)['faceDown'] === true) || o['faceDown'] === true;
  const here = own && typeof o['card'] === 'string' && o['card'] !== 'hidden' ? [o['card']] : [];
  return [...here, ...Object.values(o).flatMap(faceDownCards)];
}

/**
 * ONE contract suite over every game in the registry (issue 8; as Colyseus runs one suite over
 * every presence driver): the lifecycle table holds, replay reproduces state, money is conserved,
 * no audience receives what its view hides, decisions are deterministic, every rejection carries a
 * closed code and a rule ID (D-3). A game added to GAME_KERNELS gets all of it for free.
 */

const RUNS = Number(process.env.PROPERTY_RUNS ?? 60);
const T0 = 1_000_000;
const CLOSES = T0 + 10_000;
const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 1_000_000 };
type AnyCmd = { readonly type: string; readonly at: number } & Readonly<Record<string, unknown>>;
type AnyEvt = { readonly type: string; readonly at: number };

const kernels = Object.entries(GAME_KERNELS) as [string, AnyRefereeKernel][];

function fold(k: AnyRefereeKernel, s: RefereeState, cmds: readonly AnyCmd[]): { state: RefereeState; events: AnyEvt[]; decisions: RefereeDecision<AnyEvt>[] } {
  let state = s;
  const events: AnyEvt[] = [];
  const decisions: RefereeDecision<AnyEvt>[] = [];
  for (const c of cmds) {
    const d = k.decide(state, c) as RefereeDecision<AnyEvt>;
    decisions.push(d);
    if (!d.ok) continue;
    for (const e of d.events) {
      state = k.evolve(state, e);
      events.push(e);
    }
  }
  return { state, events, decisions };
}

const open = (profileId: string): AnyCmd => ({ type: 'OpenRound', at: T0, roundId: 'rnd_c', tableId: 'tbl_c', profileId, bettingClosesAt: CLOSES, limits });
const bet = (betId: string, playerId: string, spot: string, stakeMinor = 100, at = T0 + 1): AnyCmd => ({ type: 'PlaceBet', at, bet: { betId, playerId, spot, stakeMinor } });

/** A round driven to each common phase through the definition's worked example. */
function reach(k: AnyRefereeKernel, phase: Phase): RefereeState | null {
  const def = k.definition;
  const [s1, s2] = def.example.spots;
  const betting = [open(def.defaultProfile), bet('b1', 'p1', s1), bet('b2', 'p2', s2)];
  const closed = [...betting, { type: 'CloseBetting', at: CLOSES, reason: 'dealer' } as AnyCmd];
  const resolved = [...closed, ...def.example.resolve.map((c, i) => ({ ...c, at: CLOSES + 1 + i }) as AnyCmd)];
  const script: Partial<Record<Phase, AnyCmd[]>> = {
    idle: [],
    betting,
    closed,
    resolved,
    settled: [...resolved, { type: 'MarkSettled', at: CLOSES + 100 }],
    void: [...betting, { type: 'VoidRound', at: T0 + 2, reason: 'test', by: 'pit' }],
  };
  const cmds = script[phase];
  if (!cmds) return null;
  const r = fold(k, k.initial(), cmds);
  expect(r.decisions.filter((d) => !d.ok)).toEqual([]);
  expect(r.state.phase).toBe(phase);
  return r.state;
}

/** The command that puts a round in `situation` (a betting round holds b1 of p1 and b2 of p2). */
function commandFor(k: AnyRefereeKernel, situation: Situation, s: RefereeState): AnyCmd | null {
  const [s1, s2] = k.definition.example.spots;
  const at = s.phase === 'betting' ? T0 + 3 : CLOSES + 200;
  switch (situation) {
    case 'open':
      return open(k.definition.defaultProfile);
    case 'bet':
      return bet('b_new', 'p3', k.definition.example.spare ?? s2, 100, at);
    case 'bet-retry':
      return s.phase === 'idle' ? null : bet('b1', 'p1', s1, 100, at);
    case 'bet-conflict':
      return s.phase === 'idle' ? null : bet('b1', 'p1', s1, 200, at);
    case 'cancel':
      return { type: 'CancelBet', at, betId: 'b2', playerId: 'p2' };
    case 'cancel-retry':
      return null; // needs a cancelled bet: covered by its own test below
    case 'close':
      return { type: 'CloseBetting', at, reason: 'dealer' };
    case 'close-deadline':
      return { type: 'CloseBetting', at: Math.max(at, CLOSES), reason: 'deadline' };
    case 'void':
      return { type: 'VoidRound', at, reason: 'contract', by: 'pit' };
    case 'mark-settled':
      return { type: 'MarkSettled', at };
    case 'unknown-command':
      return { type: 'NoSuchCommand', at };
    case 'move-out-of-phase':
      return null; // game-specific: the moves' `phases` (checked in each game's spec)
    case 'device-result':
      return null; // game-specific: the moves marked `result` (below)
    case 'stall':
      // a game whose own deadline bounds the step (a draw or decision timer) arms no StallPlay: nothing to check here
      return (s.phase === 'closed' || s.phase === 'play') && !k.deadlines(s).some((d) => d.command.type === 'StallPlay') ? null : { type: 'StallPlay', at: CLOSES + 10_000_000 };
    case 'resume':
      // on a closed/play round that is not stalled: ROUND_NOT_STALLED (its own test below)
      return s.phase === 'closed' || s.phase === 'play' ? null : { type: 'ResumePlay', at, by: 'pit' };
  }
}

function matches(d: RefereeDecision<AnyEvt>, o: LifecycleOutcome): void {
  switch (o.kind) {
    case 'accept':
      expect(d.ok && d.events.length > 0 ? d.events.map((e) => e.type) : d).toContain(o.event);
      break;
    case 'duplicate':
      expect(d).toMatchObject({ ok: true, events: [], duplicate: true });
      break;
    case 'reject':
      expect(d.ok ? d : { code: d.violation.code, ruleId: d.violation.ruleId }).toEqual({ code: o.code, ruleId: o.ruleId });
      break;
  }
}

/** A random command against a round of game k (valid and invalid alike). */
function arbCommand(k: AnyRefereeKernel): fc.Arbitrary<AnyCmd> {
  const def = k.definition;
  const player = fc.constantFrom('p1', 'p2', 'p3');
  const spot = fc.constantFrom(...def.example.spots, ...(def.example.more ?? []), 'nonsense');
  const at = fc.integer({ min: T0, max: CLOSES + 5_000 });
  const betId = fc.constantFrom('b1', 'b2', 'b3', 'b4', 'b5');
  const stake = fc.oneof(fc.constantFrom(100, 200, 500), fc.integer({ min: -5, max: 2_000_000 }));
  const game = def.example.resolve.map((c) => fc.record({ at }).map((x) => ({ ...c, at: x.at }) as AnyCmd));
  return fc.oneof(
    fc.record({ betId, playerId: player, spot, stakeMinor: stake, at }).map(({ at: t, ...b }) => ({ type: 'PlaceBet', at: t, bet: b }) as AnyCmd),
    fc.record({ betId, playerId: player, at }).map((c) => ({ type: 'CancelBet', ...c }) as AnyCmd),
    fc.record({ at, reason: fc.constantFrom('deadline', 'dealer', 'device') }).map((c) => ({ type: 'CloseBetting', ...c }) as AnyCmd),
    fc.record({ at }).map((c) => ({ type: 'VoidRound', ...c, reason: 'x', by: 'pit' }) as AnyCmd),
    fc.record({ at }).map((c) => ({ type: 'MarkSettled', ...c }) as AnyCmd),
    ...game,
  );
}

describe.each(kernels)('contract: %s', (_id, k) => {
  const profile = k.definition.defaultProfile;

  describe('the LIFECYCLE table holds in every reachable phase', () => {
    for (const phase of ['idle', 'betting', 'closed', 'resolved', 'settled', 'void'] as const) {
      for (const situation of SITUATIONS) {
        it(`${situation} in ${phase}`, () => {
          const s = reach(k, phase);
          if (!s) return;
          const c = commandFor(k, situation, s);
          if (!c) return;
          matches(k.decide(s, c) as RefereeDecision<AnyEvt>, LIFECYCLE[situation][phase]);
        });
      }
    }
  });

  it('a retried cancel is a duplicate; a cancelled bet id cannot be reused for another bet', () => {
    const s = reach(k, 'betting') as RefereeState;
    const r = fold(k, s, [{ type: 'CancelBet', at: T0 + 5, betId: 'b2', playerId: 'p2' }]);
    matches(k.decide(r.state, { type: 'CancelBet', at: T0 + 6, betId: 'b2', playerId: 'p2' }) as RefereeDecision<AnyEvt>, LIFECYCLE['cancel-retry'].betting);
    const again = k.decide(r.state, bet('b2', 'p2', k.definition.example.spots[1], 100, T0 + 7));
    expect(again.ok ? 'accepted' : again.violation.code).toBe('BET_ID_CONFLICT');
  });

  it('a bet retried after close returns its original acceptance (duplicate, same bet)', () => {
    const s = reach(k, 'closed') as RefereeState;
    const d = k.decide(s, bet('b1', 'p1', k.definition.example.spots[0], 100, CLOSES + 5)) as RefereeDecision<AnyEvt>;
    expect(d).toMatchObject({ ok: true, events: [], duplicate: true, accepted: { betId: 'b1', playerId: 'p1', stakeMinor: 100 } });
  });

  it('issue 9 §2: a device result while betting is open is a fault with a code and the move\'s rule ID; the round stays open, unresolved', () => {
    const s = reach(k, 'betting') as RefereeState;
    const results = Object.entries(k.definition.moves as Record<string, { readonly result?: { readonly ruleId: string } }>).filter(([, m]) => m.result);
    for (const [type, m] of results) {
      const c = k.definition.example.resolve.find((x) => x.type === type) ?? { type };
      const d = k.decide(s, { ...c, at: T0 + 5 } as AnyCmd);
      expect(d.ok ? d : d.violation, type).toMatchObject({ code: 'DEVICE_RESULT_OUT_OF_PHASE', ruleId: m.result?.ruleId });
    }
  });

  it('issue 9 §5: a playing step past its deadline marks the round stalled (PlayStalled); the pit boss voids with refunds or resumes', () => {
    const s = reach(k, 'closed') as RefereeState;
    const dl = k.deadlines(s).find((d) => d.command.type === 'StallPlay');
    // every playing step has a deadline: the referee's stall, or the game's own timer (draw, decision)
    expect(k.deadlines(s).length, 'every playing step has a deadline').toBeGreaterThan(0);
    if (!dl) return;
    const early = k.decide(s, { ...dl.command, at: dl.at - 1 } as AnyCmd);
    expect(early.ok ? early : early.violation).toMatchObject({ code: 'DEADLINE_NOT_REACHED', ruleId: 'GEN-6' });
    const notStalled = k.decide(s, { type: 'ResumePlay', at: dl.at, by: 'pit' });
    expect(notStalled.ok ? notStalled : notStalled.violation).toMatchObject({ code: 'ROUND_NOT_STALLED', ruleId: 'GEN-6' });
    const r = fold(k, s, [dl.command as AnyCmd]);
    expect(r.events).toEqual([{ type: 'PlayStalled', at: dl.at, step: dl.command['step'], ruleId: dl.command['ruleId'], since: CLOSES, deadline: dl.at }]);
    expect(r.state.stalled).toMatchObject({ step: dl.command['step'], since: CLOSES });
    expect(k.deadlines(r.state).some((d) => d.command.type === 'StallPlay')).toBe(false);
    expect(k.decide(r.state, dl.command as AnyCmd)).toMatchObject({ ok: true, events: [], duplicate: true });
    // choice 1: void → every bet refunded
    const voided = fold(k, r.state, [{ type: 'VoidRound', at: dl.at + 1, reason: 'stalled', by: 'pit' }]).state;
    const st = k.settle(voided);
    expect(st.ok && st.value.voided && st.value.lines.every((l) => l.returnMinor === l.stakeMinor)).toBe(true);
    // choice 2: resume → the step's deadline re-armed from the resume
    const resumed = fold(k, r.state, [{ type: 'ResumePlay', at: dl.at + 500, by: 'pit' }]);
    expect(resumed.events).toMatchObject([{ type: 'PlayResumed', by: 'pit', step: dl.command['step'] }]);
    expect(resumed.state.stalled).toBeNull();
    expect(k.deadlines(resumed.state).find((d) => d.command.type === 'StallPlay')?.at).toBe(dl.at + 500 + (dl.at - CLOSES));
    // a play event clears a stall too (the late result still counts)
    const late = fold(k, r.state, k.definition.example.resolve.map((c, i) => ({ ...c, at: dl.at + 10 + i }) as AnyCmd));
    expect(late.state.stalled).toBeNull();
  });

  it('an early deadline close is refused (GEN-3)', () => {
    const s = reach(k, 'betting') as RefereeState;
    const d = k.decide(s, { type: 'CloseBetting', at: CLOSES - 1, reason: 'deadline' });
    expect(d.ok ? d : d.violation).toMatchObject({ code: 'DEADLINE_NOT_REACHED', ruleId: 'GEN-3' });
  });

  it('OpenRound is validated (profile, ids, deadline, limits within the stake ceiling)', () => {
    const i = k.initial();
    const bad = (c: Record<string, unknown>) => {
      const d = k.decide(i, { ...open(profile), ...c } as AnyCmd);
      return d.ok ? 'accepted' : d.violation.code;
    };
    expect(bad({ profileId: 'nope' })).toBe('UNKNOWN_PROFILE');
    expect(bad({ roundId: '' })).toBe('INVALID_ROUND');
    expect(bad({ bettingClosesAt: T0 })).toBe('INVALID_DEADLINE');
    expect(bad({ limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: Number.MAX_SAFE_INTEGER } })).toBe('INVALID_LIMITS');
  });

  it('D-1: a stake above the global ceiling is refused with a code, never an overflow', () => {
    const s = fold(k, k.initial(), [{ ...open(profile), limits: { spots: {}, tableMinMinor: 1, tableMaxMinor: k.stakeCeiling(k.definition.profiles[profile] as never) } }]).state;
    const d = k.decide(s, bet('big', 'p1', k.definition.example.spots[0], k.stakeCeiling(k.definition.profiles[profile] as never) + 1));
    expect(k.decide(s, bet('huge', 'p1', k.definition.example.spots[0], 2 ** 53)).ok).toBe(false);
    expect(d.ok ? d : d.violation).toMatchObject({ code: 'STAKE_TOO_LARGE', ruleId: 'D-1' });
  });

  it('replay reproduces state; decisions are deterministic; every rejection has a closed code and a rule ID (D-3)', () => {
    fc.assert(
      fc.property(fc.array(arbCommand(k), { maxLength: 30 }), (cmds) => {
        const all = [open(profile), ...cmds];
        const a = fold(k, k.initial(), all);
        const b = fold(k, k.initial(), all);
        expect(b.decisions).toEqual(a.decisions);
        const replayed = a.events.reduce((s, e) => k.evolve(s, e), k.initial());
        expect(replayed).toEqual(a.state);
        expect(Object.keys(replayed.bets).sort()).toEqual(Object.keys(a.state.bets).sort());
        for (const d of a.decisions) {
          if (d.ok) continue;
          expect(isGameErrorCode(d.violation.code), d.violation.code).toBe(true);
          expect(d.violation.ruleId, d.violation.code).toMatch(/^[A-Z]+-[0-9]+[a-z]?$/);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('money is conserved: settle lists every accepted bet exactly once; Σ stakes = Σ returns + house', () => {
    fc.assert(
      fc.property(fc.array(arbCommand(k), { maxLength: 25 }), fc.boolean(), (cmds, voided) => {
        const betting = fold(k, k.initial(), [open(profile), ...cmds.filter((c) => c.type === 'PlaceBet' || c.type === 'CancelBet').map((c) => ({ ...c, at: T0 + 1 }))]).state;
        const end: AnyCmd[] = voided
          ? [{ type: 'VoidRound', at: T0 + 2, reason: 'x', by: 'pit' }]
          : [{ type: 'CloseBetting', at: CLOSES, reason: 'dealer' }, ...(k.definition.example.autoplay ? [] : k.definition.example.resolve.map((c, i) => ({ ...c, at: CLOSES + 1 + i }) as AnyCmd))];
        let s = fold(k, betting, end).state;
        for (let i = 0, next = k.definition.example.autoplay?.(s); !voided && next && i < 60; i++, next = k.definition.example.autoplay?.(s)) {
          s = fold(k, s, [{ ...next, at: CLOSES + 20 + i } as AnyCmd]).state;
        }
        s = fold(k, s, [{ type: 'MarkSettled', at: CLOSES + 100 }]).state;
        expect(s.phase).toBe('settled');
        const st = k.settle(s);
        if (!st.ok) throw new Error(st.violation.message);
        // every bet exactly once: in the final lines, or settled early during the round (BetsSettled), never both
        const live = Object.values(s.bets).map((b) => b.betId).sort();
        const early = st.value.early ?? [];
        expect(early).toEqual(s.early);
        expect(st.value.voided).toBe(voided);
        expect(settlementMoneyFaults(st.value, live)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("no audience's view, live frame or events-endpoint payload carries another player's bets or a face-down card (BJ-5a)", () => {
    const audiences: Audience[] = [{ role: 'player', playerId: 'p1' }, { role: 'player', playerId: 'p2' }, { role: 'player', playerId: 'p3' }, { role: 'dealer' }, { role: 'pitboss' }];
    fc.assert(
      fc.property(fc.array(arbCommand(k), { maxLength: 25 }), (cmds) => {
        const r = fold(k, k.initial(), [open(profile), ...cmds]);
        for (const audience of audiences) {
          const others = audience.role === 'player' ? ['p1', 'p2', 'p3'].filter((p) => p !== audience.playerId) : [];
          const view = JSON.stringify(k.view(r.state, audience));
          for (const other of others) expect(view).not.toContain(`"${other}"`);
          // the live frames (one per event) and GET /rounds/:id/events (the stored envelope, payload redacted)
          const live = r.events.map((e) => k.redact(e, audience));
          const endpoint = r.events.map((e, i) => ({ seq: i + 1, type: e.type, payload: k.redact(e, audience) ?? null }));
          for (const payload of [...live, ...endpoint.map((x) => x.payload)]) {
            if (payload === null) continue;
            const json = JSON.stringify(payload);
            for (const other of others) expect(json).not.toContain(`"${other}"`);
            expect(faceDownCards(payload), json).toEqual([]);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('the definition is complete: device families, commands with roles, a stake ceiling that keeps money exact', () => {
    const def = k.definition;
    // DEV-AUTH-1: the game says which device kinds may report each family it consumes (never the common ones).
    const families = Object.entries(def.devices.reporters);
    expect(families.length).toBeGreaterThan(0);
    for (const [family, kinds] of families) {
      expect(Object.keys(COMMON_REPORTERS)).not.toContain(family);
      expect(kinds.length, family).toBeGreaterThan(0);
      for (const kind of kinds) expect(DEVICE_KINDS).toContain(kind);
      // no family lets the timer box (buttons only) decide an outcome
      expect(kinds, family).not.toContain('timer');
    }
    for (const c of def.commands) expect(c.roles.length).toBeGreaterThan(0);
    for (const p of Object.values(def.profiles)) {
      const ceiling = k.stakeCeiling(p);
      expect(Number.isSafeInteger(ceiling * (def.maxReturnMultiple(p) + 1))).toBe(true);
    }
  });
});

describe('the registry', () => {
  it('every registry is derived from the one list of manifests (issue 19 §4): ids, kernels, definitions, tools', () => {
    for (const m of GAME_MANIFESTS as readonly GameManifest[]) {
      if (m.kernel === null) {
        expect(OFFLINE_GAME_IDS).toContain(m.id);
        expect(gameKernel(m.id)).toBeUndefined();
      } else {
        expect(GAME_IDS).toContain(m.id);
        expect(gameKernel(m.id)).toBe(m.kernel);
        expect(gameDefinition(m.id)?.id).toBe(m.id);
      }
      if (m.tools) expect(gameModule(m.id)).toBe(m.tools);
    }
    expect([...GAME_IDS, ...OFFLINE_GAME_IDS].sort()).toEqual(GAME_MANIFESTS.map((m) => m.id).sort());
  });
  it('holds a referee definition for every game id (no game left on a hand-written kernel)', () => {
    for (const id of ['roulette', 'baccarat', 'blackjack', 'sicbo', 'dragon-tiger', 'football-studio', 'money-wheel']) expect(Object.keys(GAME_KERNELS)).toContain(id);
    for (const id of Object.keys(GAME_KERNELS)) expect(GAME_IDS).toContain(id);
  });
  it('the face-down check catches a leaked hole card (and passes a hidden one)', () => {
    expect(faceDownCards({ type: 'CardRecorded', at: 1, card: '7D', to: { type: 'dealer', faceDown: true } })).toEqual(['7D']);
    expect(faceDownCards({ type: 'CardRecorded', at: 1, card: 'hidden', to: { type: 'dealer', faceDown: true } })).toEqual([]);
    const raw = GAME_KERNELS.blackjack?.definition.example.resolve.at(-1);
    expect(raw).toMatchObject({ type: 'RecordCard', card: '7D' });
  });
});

describe('closed error codes', () => {
  it('ERRORS.md and docs/architecture.md carry the LIFECYCLE table as the code decides it, and ERRORS.md lists every code', () => {
    const errorsMd = readFileSync(new URL('../ERRORS.md', import.meta.url), 'utf8');
    const architecture = readFileSync(new URL('../../../docs/architecture.md', import.meta.url), 'utf8');
    expect(errorsMd).toContain(lifecycleMarkdown());
    expect(architecture).toContain(lifecycleMarkdown());
    for (const [code, meaning] of Object.entries(GAME_ERRORS)) expect(errorsMd).toContain(`| \`${code}\` | ${meaning} |`);
  });
  it('every code has a meaning', () => {
    for (const [code, meaning] of Object.entries(GAME_ERRORS)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(meaning.length).toBeGreaterThan(10);
    }
  });
});
