/**
 * The Felt load generator (issue 13 §1), on @felt-studio/client-sdk only, so it can point at any deployment.
 * N players join one table and, in every round, place a realistic roulette layout while betting is
 * open: several chips on the layout, a racetrack bet, and a few bets the server must reject (a stake
 * over the straight-up limit, an unknown pocket, a stake under the table minimum). Bounded in players,
 * rounds and seconds. Reports bets/s, p50/p99 accept latency (send → ack), errors by code, and the time
 * from a round event's server time to the last player receiving it.
 *
 * Used by `test/load/main.ts` (the CLI, players created through the API) and by the benchmarks
 * (players whose tokens the bench mints itself).
 */
import { FeltApiError, RealtimeClient, type PlaceBetInput } from '@felt-studio/client-sdk';
import type { RoundEventFrame, RoundSnapshotFrame } from '@felt-studio/protocol';
import { msgpackParser } from '@felt-studio/protocol/msgpack';

/** Issue 25 §2: FELT_WS_PARSER=msgpack — the players speak MessagePack (the server and the echo baseline must too). */
const wsParser = process.env['FELT_WS_PARSER'] === 'msgpack' ? { parser: msgpackParser } : {};

export interface LoadPlayer {
  readonly userId: string;
  readonly token: string;
}

export interface LoadOptions {
  readonly baseUrl: string;
  readonly tableId: string;
  readonly players: readonly LoadPlayer[];
  /** Stop after this many rounds in which the players bet (default 3). */
  readonly rounds?: number;
  /** Hard stop (default 120 s). */
  readonly seconds?: number;
  /** Layout per player per round (default `realisticLayout`). */
  readonly layout?: (player: number, round: number) => readonly LayoutChip[];
  /** Send a player's whole layout as ONE `bet.layout` command instead of one `bet.place` per chip. */
  readonly asLayout?: boolean;
  /** Spread each player's first chip uniformly over this many ms after the round opens (default 0). */
  readonly spreadMs?: number;
  /** Ack timeout (default 30 000 ms). */
  readonly ackTimeoutMs?: number;
  /** Sockets opened at once while connecting (default 200). */
  readonly connectConcurrency?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
  /**
   * Benchmarks: when every player's layout of the first round is answered, run `afterBetting` (e.g.
   * close betting), wait until every player received the broadcast frames it causes (≤ 20 s), and stop.
   */
  readonly stopAfterBetting?: boolean;
  readonly afterBetting?: (roundId: string) => Promise<void>;
  /**
   * Only the first `bettors` players of this run bet; the others stay joined and watch (a game-show
   * table: thousands connected, the bettors betting in the last seconds). Default: every player.
   */
  readonly bettors?: number;
  /** Added to the player index in bet ids and layouts (several load processes against one table). */
  readonly playerOffset?: number;
  /**
   * Awaited once every player has joined and before anyone bets in a round (a start barrier, e.g. for
   * load generator processes started together by a benchmark).
   */
  readonly beforeBetting?: (roundId: string) => Promise<void>;
  /** Keep every accept latency in the report (`latencySamples`), to merge percentiles across processes. */
  readonly keepSamples?: boolean;
}

export interface LayoutChip {
  readonly spot: string;
  readonly stakeMinor: number;
  /** The server is expected to refuse it (the layout includes deliberate mistakes). */
  readonly expectReject?: boolean;
}

export interface LoadReport {
  readonly players: number;
  readonly connected: number;
  readonly rounds: number;
  readonly seconds: number;
  readonly sent: number;
  readonly accepted: number;
  readonly rejected: number;
  /** Rejections the layout did not plan (a real problem when > 0). */
  readonly unexpectedRejections: number;
  readonly acceptedPerSecond: number;
  /** Accepted bets per second of betting (first send → last ack of each round). */
  readonly acceptedPerBettingSecond: number;
  /** Answers (accepted + rejected) per second of betting: comparable with an echo server. */
  readonly answeredPerBettingSecond: number;
  readonly latencyMs: { readonly p50: number; readonly p99: number; readonly max: number };
  readonly errorsByCode: Readonly<Record<string, number>>;
  /** Per broadcast round event (not bets): server `at` → the last player's receipt (ms). */
  readonly lastFrameMs: { readonly events: number; readonly p50: number; readonly max: number; readonly missing: number };
  /** Wall-clock (epoch ms) of the first send and the last answer over the betting rounds (null: none). */
  readonly bettingWindow: { readonly first: number; readonly last: number } | null;
  /** Resyncs the players' clients made (a gap in their stream: a lost or out-of-order frame) and the events replayed to them. */
  readonly resyncs: { readonly count: number; readonly replayed: number };
  /** Every accept latency (ms), with `keepSamples`. */
  readonly latencySamples?: readonly number[];
}

/**
 * A realistic European roulette layout (demo table limits: straight ≤ 50 €, table min 1 €): five
 * chips on numbers, a split, an even-money, a dozen, a racetrack bet (voisins: 9 chips, or
 * neighbours of a number: 5 chips), and — for one player in four — one bet the server must refuse.
 */
export function realisticLayout(player: number, round: number): LayoutChip[] {
  const n = (k: number): number => (player * 7 + round * 11 + k * 13) % 37;
  const chips: LayoutChip[] = [
    { spot: `straight:${n(1)}`, stakeMinor: 100 },
    { spot: `straight:${n(2)}`, stakeMinor: 200 },
    { spot: `straight:${n(3)}`, stakeMinor: 100 },
    { spot: `straight:${n(4)}`, stakeMinor: 500 },
    { spot: `straight:${n(5)}`, stakeMinor: 100 },
    { spot: (player + round) % 2 === 0 ? 'split:17-20' : 'split:1-2', stakeMinor: 200 },
    { spot: (player + round) % 2 === 0 ? 'red' : 'odd', stakeMinor: 1_000 },
    // A racetrack bet; with voisins (17 pockets) no dozen, so the layout stays under RES-1's 34 of 37.
    ...((player + round) % 3 === 0 ? [{ spot: 'voisins', stakeMinor: 900 }] : [{ spot: `dozen:${1 + ((player + round) % 3)}`, stakeMinor: 500 }, { spot: `neighbours:${n(6)}:2`, stakeMinor: 500 }]),
  ];
  switch ((player + round) % 12) {
    case 0:
      chips.push({ spot: `straight:${n(7)}`, stakeMinor: 100_000, expectReject: true }); // over the straight-up limit (GEN-2)
      break;
    case 3:
      chips.push({ spot: 'straight:37', stakeMinor: 100, expectReject: true }); // no pocket 37 on a European wheel
      break;
    case 6:
      chips.push({ spot: 'black', stakeMinor: 10, expectReject: true }); // under the table minimum (GEN-2)
      break;
    default:
      break;
  }
  return chips;
}

const pct = (xs: number[], p: number): number => {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return Number((s[Math.min(s.length - 1, Math.floor(s.length * p))] ?? 0).toFixed(2));
};

/** Runs the load; resolves with the report once the rounds are done or the time is up. */
export async function runLoad(o: LoadOptions): Promise<LoadReport> {
  const rounds = o.rounds ?? 3;
  const deadline = Date.now() + (o.seconds ?? 120) * 1000;
  const layout = o.layout ?? realisticLayout;
  const log = o.log ?? ((): void => undefined);
  const ackTimeoutMs = o.ackTimeoutMs ?? 30_000;
  const latencies: number[] = [];
  const errors: Record<string, number> = {};
  let sent = 0;
  let accepted = 0;
  let rejected = 0;
  let unexpected = 0;
  // Broadcast round events: key `${roundId}:${seq}` → server time and receipts.
  const broadcast = new Map<string, { at: number; got: number; last: number }>();
  const roundBetting = new Map<string, { first: number; last: number; accepted: number; pending: number }>();

  const clients: RealtimeClient[] = [];
  const per = o.connectConcurrency ?? 200;
  for (let i = 0; i < o.players.length; i += per) {
    const batch = o.players.slice(i, i + per);
    const made = await Promise.all(
      batch.map(async (p) => {
        const c = new RealtimeClient({ baseUrl: o.baseUrl, token: p.token, ackTimeoutMs, reconnectionDelayMs: 500, ...wsParser });
        try {
          await c.waitConnected(30_000);
          return c;
        } catch (e) {
          errors['CONNECT'] = (errors['CONNECT'] ?? 0) + 1;
          log(`connect ${p.userId}: ${(e as Error).message}`);
          c.close();
          return null;
        }
      }),
    );
    for (const c of made) if (c) clients.push(c);
  }
  log(`${clients.length}/${o.players.length} connected`);

  let roundsDone = 0;
  let stop!: () => void;
  const done = new Promise<void>((r) => (stop = r));
  const timer = setTimeout(() => stop(), Math.max(0, deadline - Date.now()));
  const betRounds = new Set<string>();
  const started = Date.now();
  let joinsDone!: () => void;
  const joined = new Promise<void>((r) => (joinsDone = r));

  const betLayout = async (c: RealtimeClient, player: number, roundIndex: number, roundId: string): Promise<void> => {
    const rb = roundBetting.get(roundId)!;
    if ((o.spreadMs ?? 0) > 0) await new Promise((r) => setTimeout(r, Math.random() * (o.spreadMs ?? 0)));
    const chips = layout(player, roundIndex);
    const t0 = performance.now();
    rb.first = Math.min(rb.first, t0);
    const note = (ok: boolean, code: string | null, expectReject: boolean): void => {
      if (ok) {
        accepted++;
        rb.accepted++;
      } else {
        rejected++;
        const k = code ?? 'UNKNOWN';
        errors[k] = (errors[k] ?? 0) + 1;
        if (!expectReject) unexpected++;
      }
    };
    try {
      if (o.asLayout) {
        sent += chips.length;
        const bets: PlaceBetInput[] = chips.map((ch, k) => ({ betId: `${roundId}-${player}-${k}`, spot: ch.spot, stakeMinor: ch.stakeMinor }));
        const t = performance.now();
        const ack = await c.send('bet.layout', { tableId: o.tableId, bets });
        latencies.push(performance.now() - t);
        if (ack.ok) {
          const res = ack.result as unknown as { results: readonly ({ ok: true } | { ok: false; error: { code: string } })[] };
          res.results.forEach((r, k) => note(r.ok, r.ok ? null : r.error.code, chips[k]?.expectReject ?? false));
        } else for (const ch of chips) note(false, ack.error.code, ch.expectReject ?? false);
      } else {
        for (const [k, ch] of chips.entries()) {
          sent++;
          const t = performance.now();
          const ack = await c.send('bet.place', { tableId: o.tableId, betId: `${roundId}-${player}-${k}`, spot: ch.spot, stakeMinor: ch.stakeMinor });
          latencies.push(performance.now() - t);
          note(ack.ok, ack.ok ? null : ack.error.code, ch.expectReject ?? false);
        }
      }
    } catch (e) {
      const code = e instanceof FeltApiError ? e.code : 'EXCEPTION';
      errors[code] = (errors[code] ?? 0) + 1;
      unexpected++;
    } finally {
      rb.last = Math.max(rb.last, performance.now());
      rb.pending--;
      if (rb.pending === 0) {
        log(`round ${roundId}: layouts sent (${rb.accepted} accepted in ${((rb.last - rb.first) / 1000).toFixed(2)} s)`);
        if (o.stopAfterBetting) void finishAfterBetting(roundId);
      }
    }
  };

  const finishAfterBetting = async (roundId: string): Promise<void> => {
    try {
      const before = broadcast.size;
      await o.afterBetting?.(roundId);
      const until = Date.now() + 20_000;
      while (Date.now() < until) {
        const fresh = [...broadcast.values()].slice(before);
        if (o.afterBetting === undefined || (fresh.length > 0 && fresh.every((b) => b.got >= clients.length))) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } catch (e) {
      log(`afterBetting: ${String(e)}`);
    }
    roundsDone++;
    stop();
  };

  // One player watches for a betting round and starts everyone (each client also records frames).
  const onBetting = (roundId: string): void => {
    if (betRounds.has(roundId) || betRounds.size >= rounds || Date.now() > deadline) return;
    betRounds.add(roundId);
    const index = betRounds.size;
    const bettors = clients.slice(0, Math.min(clients.length, o.bettors ?? clients.length));
    roundBetting.set(roundId, { first: Infinity, last: 0, accepted: 0, pending: bettors.length });
    const bet = (): void => {
      log(`round ${roundId} betting: ${bettors.length} of ${clients.length} players bet`);
      if (bettors.length === 0 && o.stopAfterBetting) void finishAfterBetting(roundId);
      bettors.forEach((c, i) => void betLayout(c, i + (o.playerOffset ?? 0), index, roundId));
    };
    if (o.beforeBetting === undefined) bet();
    else {
      const barrier = o.beforeBetting;
      void joined.then(() => barrier(roundId)).then(bet, (e: unknown) => log(`beforeBetting: ${String(e)}`));
    }
  };

  const viewPhase = (v: unknown): string | undefined => (typeof v === 'object' && v !== null ? ((v as { phase?: unknown }).phase as string | undefined) : undefined);
  let resyncs = 0;
  let replayed = 0;
  clients.forEach((c, i) => {
    c.on('resynced', (r) => {
      // the join itself is not a resync (from: null)
      if (r.from === null) return;
      resyncs++;
      replayed += r.replayed;
    });
    c.on('round.event', (f: RoundEventFrame) => {
      const now = Date.now();
      const ev = f.event as { at?: unknown } | null;
      if (f.type !== 'BetAccepted' && f.type !== 'BetCancelled' && ev && typeof ev.at === 'number') {
        const k = `${f.roundId}:${f.seq}`;
        const b = broadcast.get(k) ?? { at: ev.at, got: 0, last: 0 };
        b.got++;
        b.last = Math.max(b.last, now);
        broadcast.set(k, b);
      }
      if (i === 0 && viewPhase(f.view) === 'betting') onBetting(f.roundId);
      if (i === 0 && (f.type === 'RoundSettled' || f.type === 'RoundVoided') && betRounds.has(f.roundId)) {
        roundsDone++;
        log(`round ${f.roundId} ${f.type === 'RoundSettled' ? 'settled' : 'voided'} (${roundsDone}/${rounds})`);
        if (roundsDone >= rounds) stop();
      }
    });
    if (i === 0) c.on('round.snapshot', (s: RoundSnapshotFrame) => s.roundId && viewPhase(s.view) === 'betting' && onBetting(s.roundId));
  });
  await Promise.all(
    clients.map(async (c, i) => {
      try {
        const snap = await c.request('table.join', { tableId: o.tableId });
        if (i === 0 && snap.roundId && viewPhase(snap.view) === 'betting') onBetting(snap.roundId);
      } catch (e) {
        const code = e instanceof FeltApiError ? e.code : 'EXCEPTION';
        errors[`JOIN_${code}`] = (errors[`JOIN_${code}`] ?? 0) + 1;
      }
    }),
  );
  joinsDone();
  log(`joined table ${o.tableId}; waiting for betting rounds`);
  await done;
  clearTimeout(timer);
  const seconds = (Date.now() - started) / 1000;
  // Let acks in flight land (bounded).
  const settleBy = Date.now() + 5_000;
  while ([...roundBetting.values()].some((r) => r.pending > 0) && Date.now() < settleBy) await new Promise((r) => setTimeout(r, 50));
  for (const c of clients) c.close();

  const ttl = [...broadcast.values()].map((b) => b.last - b.at);
  const missing = [...broadcast.values()].reduce((n, b) => n + Math.max(0, clients.length - b.got), 0);
  const bettingMs = [...roundBetting.values()].reduce((s, r) => s + (r.last > r.first ? r.last - r.first : 0), 0);
  const windows = [...roundBetting.values()].filter((r) => r.last > r.first);
  const epoch = (t: number): number => Number((performance.timeOrigin + t).toFixed(1));
  return {
    players: o.players.length,
    connected: clients.length,
    rounds: roundsDone,
    seconds: Number(seconds.toFixed(2)),
    sent,
    accepted,
    rejected,
    unexpectedRejections: unexpected,
    acceptedPerSecond: Number((accepted / Math.max(0.001, seconds)).toFixed(1)),
    acceptedPerBettingSecond: Number((accepted / Math.max(0.001, bettingMs / 1000)).toFixed(1)),
    answeredPerBettingSecond: Number(((accepted + rejected) / Math.max(0.001, bettingMs / 1000)).toFixed(1)),
    latencyMs: { p50: pct(latencies, 0.5), p99: pct(latencies, 0.99), max: pct(latencies, 1) },
    errorsByCode: errors,
    lastFrameMs: { events: ttl.length, p50: pct(ttl, 0.5), max: pct(ttl, 1), missing },
    resyncs: { count: resyncs, replayed },
    bettingWindow: windows.length === 0 ? null : { first: epoch(Math.min(...windows.map((r) => r.first))), last: epoch(Math.max(...windows.map((r) => r.last))) },
    ...(o.keepSamples ? { latencySamples: latencies } : {}),
  };
}
