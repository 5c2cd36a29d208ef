import { Get } from '@nestjs/common';
import { integrity } from '@felt-studio/games';
import type { PokerCrossTableFinding, PokerTableIntegrity, PokerTableIntegrityList } from '@felt-studio/protocol';
import { Roles } from '../auth/roles.decorator.js';
import { PokerIntegrityService } from './poker-integrity.service.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 23 §4: the live poker tables' collusion and bot reports, for the pit boss's Integrity view (staff only). */
@GuardedController('integrity', 'integrity')
@Roles('pitboss', 'admin')
export class PokerIntegrityController {
  constructor(private readonly integrity: PokerIntegrityService) {}

  /** Every instance's tables (FELT_CLUSTER=1: merged from the instances' shared reports), and the pairs of accounts seen together across them. */
  @Get('poker')
  async poker(): Promise<PokerTableIntegrityList> {
    const tables = await this.integrity.clusterReports();
    return { tables, crossTable: crossTable(tables) };
  }
}

/**
 * Issue 23: the pairs of accounts seen together at two or more tables (`integrity.crossTablePairs`, libs/games) —
 * by account, not by table key; the house's declared robots are left out (they sit at every table by design).
 */
export function crossTable(tables: readonly PokerTableIntegrity[]): PokerCrossTableFinding[] {
  const names = new Map<string, string>();
  for (const t of tables) for (const p of t.players) if (!names.has(p.playerId)) names.set(p.playerId, p.name);
  const tableName = new Map(tables.map((t) => [t.tableId, t.name] as const));
  const found = integrity.crossTablePairs(tables.map((t) => ({ tableId: t.tableId, report: t.report, accounts: Object.fromEntries(t.players.filter((p) => !p.robot).map((p) => [p.key, p.playerId])) })));
  return found.map((f) => ({
    ...f,
    players: f.players.map((playerId) => ({ playerId, name: names.get(playerId) ?? playerId })),
    tables: f.tables.map((x) => ({ ...x, name: tableName.get(x.tableId) ?? x.tableId })),
  }));
}
