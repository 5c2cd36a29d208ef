/**
 * The whole studio server with one operator in seamless mode and the simulated operator wallet (tests
 * and the drill): a Sic Bo table, bets through REST, results by manual entry + sign-off (S-3), voids by
 * request + approval, so every test goes through the real bet path and settlement.
 */
import type { DynamicModule, Type } from '@nestjs/common';
import type { FeltConfig } from '../../../apps/studio-server/src/config/config.js';
import { PitModule } from '../../../apps/studio-server/src/pit/pit.module.js';
import { bootRoundsApp, type RoundsApp } from './app-harness.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../../../apps/studio-server/src/shared/ports/persistence.port.js';
import { operatorAccount } from '../../../apps/studio-server/src/shared/ledger.rules.js';
import { OperatorWalletSim } from '../../../apps/studio-server/src/wallet/seamless/operator-wallet.sim.js';
import { SeamlessService } from '../../../apps/studio-server/src/wallet/seamless/seamless.service.js';

export const OPERATOR_SECRET = 'op1-secret-op1-secret-op1';

export interface SeamlessStudio {
  readonly app: RoundsApp;
  readonly sim: OperatorWalletSim;
  readonly seamless: SeamlessService;
  readonly tableId: string;
  /** Links a Felt player to op1 with a balance at the operator. */
  player(playerId: string, balanceMinor: number): Promise<void>;
  openRound(): Promise<string>;
  bet(playerId: string, betId: string, spot: string, stakeMinor: number): Promise<{ status: number; body: Record<string, unknown> & { code?: string } }>;
  close(): Promise<void>;
  /** A manual dice result signed off by a pit boss; resolves when the round is settled. */
  result(roundId: string, dice: readonly [number, number, number]): Promise<void>;
  /** A void requested by the dealer and approved by the pit boss; resolves when every bet is refunded. */
  voidRound(roundId: string): Promise<void>;
  /** Our clearing account of op1 (EUR): − what the operator sent us net. */
  clearing(): Promise<number>;
  until(what: string, fn: () => Promise<boolean>, timeoutMs?: number): Promise<void>;
  shutdown(): Promise<void>;
}

export async function bootSeamlessStudio(opts: { readonly config?: Partial<FeltConfig>; readonly timeoutMs?: number; readonly imports?: readonly (Type<unknown> | DynamicModule)[] } = {}): Promise<SeamlessStudio> {
  const sim = new OperatorWalletSim('EUR', OPERATOR_SECRET);
  await sim.start();
  return studioOn(sim, await bootSeamlessApp(opts.config, opts.imports), opts.timeoutMs);
}

/** The server only (a restart on the same database and queue prefix). */
export function bootSeamlessApp(config: Partial<FeltConfig> = {}, imports: readonly (Type<unknown> | DynamicModule)[] = []): Promise<RoundsApp> {
  return bootRoundsApp({ config: { seamlessRetry: { attempts: 1_000, backoffMs: 100, maxBackoffMs: 1_000 }, ...config }, imports: [PitModule, ...imports] });
}

async function studioOn(sim: OperatorWalletSim, app: RoundsApp, timeoutMs: number | undefined): Promise<SeamlessStudio> {
  const seamless = app.get(SeamlessService);
  await seamless.upsertOperator({ operatorId: 'op1', walletMode: 'seamless', baseUrl: sim.url, secret: OPERATOR_SECRET, currencies: ['EUR'], timeoutMs: timeoutMs ?? 2_000 });
  const pit = app.token('pitboss1', 'pitboss');
  const dealer = app.token('dealer1', 'dealer');
  const t = await app.http('POST', '/tables', pit, { name: 'Seamless Sic Bo', game: 'sicbo', profileId: 'standard', limits: { currency: 'EUR', tableMinMinor: 100, tableMaxMinor: 100_000 }, betWindowS: 300 });
  if (t.status !== 201) throw new Error(`create table: ${JSON.stringify(t.body)}`);
  const tableId = String(t.body['tableId']);
  await app.http('POST', `/tables/${tableId}/status`, pit, { status: 'open', reason: 'seamless test' });
  const until = async (what: string, fn: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> => {
    const end = Date.now() + timeoutMs;
    while (!(await fn())) {
      if (Date.now() > end) throw new Error(`not reached: ${what}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  const betsOf = async (roundId: string): Promise<{ status: string }[]> => ((await app.http('GET', `/rounds/${roundId}/detail`, pit)).body['bets'] as { status: string }[] | undefined) ?? [];
  return {
    app,
    sim,
    seamless,
    tableId,
    async player(playerId, balanceMinor) {
      const token = sim.addPlayer(`ext-${playerId}`, balanceMinor);
      await seamless.linkPlayer({ playerId, operatorId: 'op1', externalUser: `ext-${playerId}`, token, currency: 'EUR' });
    },
    async openRound() {
      const r = await app.http('POST', `/tables/${tableId}/rounds`, dealer);
      if (r.status !== 201) throw new Error(`open round: ${JSON.stringify(r.body)}`);
      return String(r.body['roundId']);
    },
    bet: (playerId, betId, spot, stakeMinor) => app.http('POST', `/tables/${tableId}/bets`, app.token(playerId, 'player'), { betId, spot, stakeMinor }),
    async close() {
      const r = await app.http('POST', `/tables/${tableId}/round/close`, dealer);
      if (r.status >= 300) throw new Error(`close: ${JSON.stringify(r.body)}`);
    },
    async result(roundId, dice) {
      const m = await app.http('POST', `/tables/${tableId}/round/manual-entries`, dealer, { type: 'RecordDiceResult', dice, reason: 'shaker camera down' });
      if (m.status !== 201) throw new Error(`manual entry: ${JSON.stringify(m.body)}`);
      const a = await app.http('POST', `/tables/${tableId}/round/manual-entries/${String(m.body['requestId'])}/approve`, pit, { reason: 'seen on camera 2' });
      if (a.status !== 200) throw new Error(`approve: ${JSON.stringify(a.body)}`);
      await until(`round ${roundId} settled`, async () => (await betsOf(roundId)).every((b) => b.status === 'settled'));
    },
    async voidRound(roundId) {
      const v = await app.http('POST', `/tables/${tableId}/round/void-requests`, dealer, { reason: 'ball off the table' });
      if (v.status >= 300) throw new Error(`void request: ${JSON.stringify(v.body)}`);
      const a = await app.http('POST', `/tables/${tableId}/round/void-requests/${String(v.body['requestId'])}/approve`, pit, { reason: 'seen on camera' });
      if (a.status >= 300) throw new Error(`void approve: ${JSON.stringify(a.body)}`);
      await until(`round ${roundId} refunded`, async () => (await betsOf(roundId)).every((b) => b.status === 'refunded' || b.status === 'cancelled'));
    },
    clearing: () => app.get<UnitOfWork>(UNIT_OF_WORK).run((tx) => tx.ledger.balance(operatorAccount('op1'), 'EUR')),
    until,
    async shutdown() {
      await app.close();
      await sim.stop();
    },
  };
}
