import { Inject, Injectable } from '@nestjs/common';
import { gameDefinition, type DeviceEventLike as GameDeviceEvent } from '@felt-studio/games';
import { ConcurrencyConflict, UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { RoundsService } from '../rounds/rounds.service.js';

/** A validated device event (its payload as the definitions see it). */
type DeviceEventLike = { readonly tableId: string; readonly type: string; readonly deviceId: string; readonly payload: unknown };

export type Hints = Readonly<Record<string, unknown>>;

/** The stored event stream of a round's device hints (the round event log, under its own stream id). */
export const hintStreamOf = (roundId: string): string => `dvh:${roundId}`;
export const DEVICE_HINT_RECORDED = 'DeviceHintRecorded';

interface Cached {
  readonly roundId: string;
  /** Hints carried from the previous round, overlaid by this round's. */
  hints: Hints;
  /** Length of this round's hint stream (the next append's expected seq). */
  seq: number;
}

/**
 * Device hints per table (issue 8 §5): what a game's definition asks to remember from earlier device
 * events (`devices.hint`: the last `wheel.ball` revolutions, the wheel's direction). They are stored
 * as events — one append-only stream per round, `dvh:<roundId>`, in the round event log — and a
 * table's hints are the fold of its previous round's stream overlaid by its current round's, so a
 * restart derives exactly what it had (nothing lives only in memory; the map below is a cache).
 */
@Injectable()
export class DeviceHints {
  private readonly cache = new Map<string, Cached>();

  constructor(
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    private readonly rounds: RoundsService,
  ) {}

  /** The table's hints now (derived from stored events on a cache miss). */
  async of(tableId: string): Promise<Hints> {
    return (await this.load(tableId))?.hints ?? {};
  }

  /**
   * A device event arrived: what its table's game asks to remember of it (`devices.hint`) is stored;
   * returns the table's hints including it.
   */
  async remember(ev: DeviceEventLike, game: string, at: number): Promise<Hints> {
    const h = gameDefinition(game)?.devices.hint?.(ev as GameDeviceEvent) ?? null;
    if (h !== null) await this.record(ev.tableId, h, at);
    return this.of(ev.tableId);
  }

  /** Remember hints from a device event: appended to the current round's hint stream, then cached. */
  async record(tableId: string, hints: Hints, at: number): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      const c = await this.load(tableId);
      if (!c) return; // no round yet: nothing a hint could apply to
      try {
        await this.uow.run((tx) => tx.events.append(hintStreamOf(c.roundId), tableId, c.seq, [{ type: DEVICE_HINT_RECORDED, at, payload: { type: DEVICE_HINT_RECORDED, at, hints } }], null));
        c.seq += 1;
        c.hints = { ...c.hints, ...hints };
        return;
      } catch (e) {
        if (!(e instanceof ConcurrencyConflict) || attempt >= 2) throw e;
        this.cache.delete(tableId);
      }
    }
  }

  /** Forget the cache (tests simulate a restart; a standby taking over). */
  forget(tableId?: string): void {
    if (tableId === undefined) this.cache.clear();
    else this.cache.delete(tableId);
  }

  private async load(tableId: string): Promise<Cached | null> {
    const current = (await this.rounds.currentRound(tableId))?.roundId ?? null;
    if (current === null) return null;
    const cached = this.cache.get(tableId);
    if (cached?.roundId === current) return cached;
    const latest = (await this.rounds.history(tableId, 2)).map((r) => r.roundId);
    const previous = latest[0] === current ? latest[1] : latest[0];
    // A new round carries the previous round's hints (from the cache, or from its stored stream).
    const base = cached !== undefined && cached.roundId === previous ? cached.hints : previous !== undefined ? (await this.fold(previous)).hints : {};
    const own = await this.fold(current);
    const next: Cached = { roundId: current, hints: { ...base, ...own.hints }, seq: own.seq };
    this.cache.set(tableId, next);
    return next;
  }

  private async fold(roundId: string): Promise<{ hints: Hints; seq: number }> {
    const events = await this.uow.run((tx) => tx.events.load(hintStreamOf(roundId)));
    let hints: Hints = {};
    for (const e of events) {
      const h = (e.payload as { hints?: unknown }).hints;
      if (typeof h === 'object' && h !== null) hints = { ...hints, ...(h as Hints) };
    }
    return { hints, seq: events.at(-1)?.seq ?? 0 };
  }
}
