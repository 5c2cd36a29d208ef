import { Inject, Injectable } from '@nestjs/common';
import type { RoundStateBase } from '@felt-studio/games';
import { UNIT_OF_WORK, type BetRow, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { KERNELS, type KernelEvent, type KernelRegistry } from '../kernels/kernel.registry.js';
import type { PlayerRound as PlayerRoundHistory, TableResult } from '@felt-studio/protocol';

/**
 * A finished round as every player may see it (the kernel's player view with no bets in it), and one round
 * of a player's history (their bets and what each returned; `returnMinor` null while any bet is open):
 * @felt-studio/protocol's shapes (issue 19 §5).
 */
export type { TableResult, PlayerRoundHistory };

const FINISHED = new Set(['settled', 'void']);
/** Nobody: a player audience that owns no bet (what the table's camera shows everyone). */
const PUBLIC = { role: 'player', playerId: '' } as const;

/** Read side for players: the table's last results (lobby, roulette statistics, baccarat roads) and a player's own history. */
@Injectable()
export class HistoryService {
  /** Finished rounds never change: their public view is computed once. */
  private readonly cache = new Map<string, TableResult>();

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(KERNELS) private readonly kernels: KernelRegistry,
  ) {}

  /** Finished (settled or void) rounds of a table, newest first. */
  async tableResults(tableId: string, limit: number): Promise<TableResult[]> {
    const rows = await this.uow.run((tx) => tx.rounds.listByTable(tableId, limit + 1));
    const out: TableResult[] = [];
    for (const row of rows) {
      if (!FINISHED.has(row.phase)) continue;
      let r = this.cache.get(row.roundId);
      if (!r) {
        const kernel = this.kernels.get(row.game);
        if (!kernel) continue;
        // State is the fold of the stored events (the read-model row is a cache, docs/architecture.md).
        // Folded into state, and only the PUBLIC kernel view of it leaves this service (issue 22 §2).
        // eslint-disable-next-line no-restricted-syntax
        const events = await this.uow.run((tx) => tx.events.load(row.roundId));
        const state = events.reduce((st, e) => kernel.evolve(st, e.payload as KernelEvent), kernel.initial() as RoundStateBase);
        const view = kernel.view(state, PUBLIC);
        r = { roundId: row.roundId, phase: row.phase, openedAt: row.openedAt, finishedAt: row.updatedAt, view };
        if (this.cache.size > 20_000) this.cache.clear();
        this.cache.set(row.roundId, r);
      }
      out.push(r);
      if (out.length === limit) break;
    }
    return out;
  }

  /** The player's bets grouped by round, newest round first. */
  async playerHistory(playerId: string, limitRounds: number): Promise<PlayerRoundHistory[]> {
    const bets = await this.uow.run((tx) => tx.bets.listByPlayer(playerId, limitRounds * 20));
    const byRound = new Map<string, BetRow[]>();
    for (const b of bets) byRound.set(b.roundId, [...(byRound.get(b.roundId) ?? []), b]);
    const out: PlayerRoundHistory[] = [];
    for (const [roundId, list] of byRound) {
      const open = list.some((b) => b.status === 'accepted');
      const live = list.filter((b) => b.status !== 'cancelled');
      out.push({
        roundId,
        tableId: list[0]?.tableId ?? '',
        placedAt: Math.min(...list.map((b) => b.placedAt)),
        settledAt: open ? null : Math.max(0, ...list.map((b) => b.settledAt ?? 0)) || null,
        stakeMinor: live.reduce((s, b) => s + b.stakeMinor, 0),
        returnMinor: open ? null : live.reduce((s, b) => s + (b.returnMinor ?? 0), 0),
        currency: list[0]?.currency ?? 'EUR',
        bets: list
          .slice()
          .sort((a, b) => a.placedAt - b.placedAt || a.betId.localeCompare(b.betId))
          .map((b) => ({ betId: b.betId, spot: b.spot, kind: b.kind, stakeMinor: b.stakeMinor, status: b.status, returnMinor: b.returnMinor, currency: b.currency, placedAt: b.placedAt, settledAt: b.settledAt })),
      });
      if (out.length === limitRounds) break;
    }
    return out;
  }
}
