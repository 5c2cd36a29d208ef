import { Body, Inject, Param, Post } from '@nestjs/common';
import { ReasonBodySchema } from '@felt-studio/protocol';
import { AlertsService, type Alert } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/current-user.decorator.js';
import { Roles } from '../auth/roles.decorator.js';
import { body, unwrap } from '../shared/http-errors.js';
import { RoundsService } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { POKER_TABLE_NAMES, type LateBound, type PokerTableNames } from '../shared/ports/late-bound.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Alert code of a dealer's "call the pit boss" (the pit-boss dashboard shows it live). */
export const PIT_BOSS_CALLED = 'PIT_BOSS_CALLED';

/**
 * Dealer console actions that are neither round commands nor device events (issue 7 "Dealer
 * console"): calling the pit boss to the table. The call is an alert (pushed live to every pit
 * boss on the `alert` frame) and an audit record with the dealer's reason.
 */
@GuardedController('dealer')
export class DealerController {
  constructor(
    private readonly tables: TablesService,
    private readonly rounds: RoundsService,
    private readonly alerts: AlertsService,
    private readonly audit: AuditService,
    @Inject(POKER_TABLE_NAMES) private readonly pokerTables: LateBound<PokerTableNames>,
  ) {}

  /** A live poker table (issue 11) of that id, when the poker module runs: its tables are not in the spot-bet registry. */
  private pokerTableName(id: string): string | null {
    return this.pokerTables.get()?.nameOf(id) ?? null; // empty: no poker module in this app
  }

  /** "Call the pit boss" with a reason: a warning alert for the table (and its current round). */
  @Post('tables/:id/pit-boss-calls')
  @Roles('dealer')
  async callPitBoss(@Param('id') id: string, @Body() b: unknown, @CurrentUser() user: AuthUser): Promise<Alert> {
    const { reason } = body(ReasonBodySchema, b);
    const pokerName = this.pokerTableName(id);
    const table = pokerName !== null ? { name: pokerName } : unwrap(await this.tables.get(id));
    const round = pokerName !== null ? null : await this.rounds.currentRound(id);
    const alert = await this.alerts.raise({
      tableId: id,
      ...(round ? { roundId: round.roundId } : {}),
      severity: 'warning',
      code: PIT_BOSS_CALLED,
      message: `${user.name} (${user.userId}) calls the pit boss to ${table.name}: ${reason}`,
    });
    await this.audit.record({ actor: user.userId, role: user.role, action: 'table.pit-boss-call', reason, target: id, at: alert.at });
    return alert;
  }
}
