import { Get, Param } from '@nestjs/common';
import { Roles } from '../auth/roles.decorator.js';
import { codedError } from '../shared/error-codes.js';
import type { BetPatterns, LateBettorList, PlayerIntegrityList, ShoeIntegrityList, WheelIntegrity, WheelIntegrityList } from '@felt-studio/protocol';
import { IntegrityService } from './integrity.service.js';
import { PlayerNames } from '../auth/player-names.js';
import { GuardedController } from '../auth/guarded-controller.decorator.js';

/** Issue 23: the integrity monitors' reports, for the pit boss's Integrity view (staff only). */
@GuardedController('integrity', 'integrity')
@Roles('pitboss', 'admin')
export class IntegrityController {
  constructor(
    private readonly integrity: IntegrityService,
    private readonly names: PlayerNames,
  ) {}

  @Get('wheels')
  wheels(): WheelIntegrityList {
    return { wheels: this.integrity.wheelReports() };
  }

  @Get('shoes')
  shoes(): ShoeIntegrityList {
    return { shoes: this.integrity.shoeReports() };
  }

  @Get('players')
  async players(): Promise<PlayerIntegrityList> {
    return { players: await this.names.attach(this.integrity.playerReports()) };
  }

  @Get('late-bettors')
  async lateBettors(): Promise<LateBettorList> {
    return { players: await this.names.attach(this.integrity.lateBettors()) };
  }

  /** Issue 23 §5: accounts betting the same spots at the same moments across the wheel and card tables (the last evaluation), with the accounts' names. */
  @Get('bet-patterns')
  async betPatterns(): Promise<BetPatterns> {
    const { evaluatedAt, report } = this.integrity.betPatterns();
    const ids = [...new Set([...report.groups.flatMap((g) => g.players), ...report.topPairs.flatMap((p) => p.players)])].sort();
    const names = await this.names.attach(ids.map((playerId) => ({ playerId })));
    return { evaluatedAt, report, names };
  }

  @Get('wheels/:wheelId')
  wheel(@Param('wheelId') wheelId: string): WheelIntegrity {
    const w = this.integrity.wheel(wheelId);
    if (w === null) throw codedError('INTEGRITY_WHEEL_NOT_FOUND', `no spins recorded for wheel ${wheelId}`);
    return w;
  }
}
