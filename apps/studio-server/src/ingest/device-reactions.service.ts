import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { gameDefinition } from '@felt-studio/games';
import type { Subscription } from 'rxjs';
import { RoundsService, type RoundFrame } from '../rounds/rounds.service.js';
import { TablesService } from '../tables/tables.service.js';
import { DeviceCommandsService } from './device-commands.service.js';
import { DeviceIngestService } from './device-ingest.service.js';

/**
 * What the studio's devices are told when a round moves (devices.md §2, §4, §5): the bet timer shows
 * the window and the lamp its colour (the server clock stays the authority), the wheel launches after
 * "no more bets" and voids/resets a no-spin (ROU-4) to spin again with bets standing, the dice shaker
 * shakes for the round (its id is the correlation id the result must carry).
 */
@Injectable()
export class DeviceReactionsService implements OnModuleInit, OnModuleDestroy {
  private readonly log = new Logger('DeviceReactions');
  private sub: Subscription | undefined;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly rounds: RoundsService,
    private readonly tables: TablesService,
    private readonly commands: DeviceCommandsService,
    private readonly ingest: DeviceIngestService,
  ) {}

  onModuleInit(): void {
    this.sub = this.rounds.frames$.subscribe((f) => {
      this.chain = this.chain.then(() => this.react(f)).catch((e: unknown) => this.log.error(`device reaction failed: ${(e as Error).stack ?? String(e)}`));
    });
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
  }

  async drain(): Promise<void> {
    await this.chain;
  }

  private async react(f: RoundFrame): Promise<void> {
    const t = await this.tables.get(f.tableId);
    if (!t.ok) return;
    const devices = t.value.devices;
    const of = (kind: string): string[] => devices.filter((d) => d.kind === kind).map((d) => d.deviceId);
    const sends: Promise<unknown>[] = [];
    const def = gameDefinition(f.game);
    // Hints (e.g. the wheel's direction) only for frames a definition may react to (not bet-only frames).
    const hints = def?.devices.react && f.events.some((e) => e.type !== 'BetAccepted' && e.type !== 'BetCancelled') ? await this.ingest.deviceHints(f.tableId) : {};
    for (const stored of f.events) {
      // A game declared with defineGame orders its own devices (shaker shake, wheel launch …).
      if (def?.devices.react) {
        for (const o of def.devices.react(stored.payload as never, f.state as never, { hints, roundId: f.roundId })) for (const d of of(o.deviceKind)) sends.push(this.commands.send(f.tableId, d, { type: o.type, payload: { ...o.payload } } as never));
      }
      const e = stored.payload as { type: string; at: number; bettingClosesAt?: number };
      switch (e.type) {
        case 'RoundOpened': {
          const seconds = Math.max(1, Math.round(((e.bettingClosesAt ?? e.at) - e.at) / 1000));
          for (const d of of('timer')) sends.push(this.commands.send(f.tableId, d, { type: 'timer.show', payload: { seconds } }), this.commands.send(f.tableId, d, { type: 'lamp.set', payload: { colour: 'green' } }));
          break;
        }
        case 'BettingClosed':
          for (const d of of('timer')) sends.push(this.commands.send(f.tableId, d, { type: 'timer.clear', payload: {} }), this.commands.send(f.tableId, d, { type: 'lamp.set', payload: { colour: 'red' } }));
          break;
        default:
          break;
      }
    }
    // Acks are tracked by DeviceCommandsService (alerts on refusal/timeout); nothing to wait for here.
    void Promise.all(sends);
  }
}
