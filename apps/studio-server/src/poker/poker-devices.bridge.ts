import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { DeviceEvent } from '@felt-studio/protocol';
import type { Subscription } from 'rxjs';
import { DeviceIngestService } from '../ingest/device-ingest.service.js';
import { PokerTablesService } from './poker-tables.service.js';
import { pokerRules } from './poker-rules.js';

/**
 * Shoe-dealt poker tables on the device ingest (issue 11, S1-DEAL-1): the table's authenticated shoe
 * (its MQTT credential is per table + device) publishes `shoe.card`; the ingest validates, de-duplicates
 * and hands it here; the table takes it only when a card is due (`cardDue`, S1-DEAL-3) — on a `burnCards`
 * table a scanned card while `cardDue` is `{ to: 'burn' }` is the burn (PT-BURN: dealt, shown to nobody). A device fault
 * — the shoe's own error (`$ERR,…,JAM|SENSOR|POWER` → `device.fault` `device_error`) or a `fault`
 * status — voids the hand in play with every contribution back (S1-FAIL-RING) and an alert; offline
 * waits. Link-level faults (checksum, duplicate frame, seq gap) are the edge's and the ingest's business:
 * they lose no card the table took. The shoe taken out mid-hand (devices.md §6 "shoe removed") is refused
 * with POKER_SHOE_REMOVED, which reaches the pit boss as an alert: they decide (P4-IRR), as for an
 * unreadable card; between hands it is the dealer putting the next deck in.
 */
@Injectable()
export class PokerDevicesBridge implements OnModuleInit, OnModuleDestroy {
  private sub: Subscription | null = null;
  constructor(
    private readonly poker: PokerTablesService,
    private readonly ingest: DeviceIngestService,
  ) {}

  onModuleInit(): void {
    this.ingest.registerSink({
      has: (tableId) => this.poker.stateOf(tableId) !== undefined,
      deviceKind: (tableId, deviceId) => {
        const s = this.poker.stateOf(tableId);
        return s ? pokerRules.deviceKind(s, deviceId) : null; // the table's device map (the rules')
      },
      // DEV-AUTH-1: a poker table's cards come from its shoe only.
      reporters: { shoe: ['shoe'] },
      event: (ev: DeviceEvent) => {
        if (ev.type === 'shoe.card') return this.poker.shoeCard(ev.tableId, ev.deviceId, (ev.payload as { card: string }).card);
        if (ev.type === 'device.fault' && ev.payload.code === 'device_error') return this.poker.deviceFault(ev.tableId, ev.deviceId).then(() => ({ ok: true as const, value: null }));
        if (ev.type === 'shoe.removed' && this.cardsOut(ev.tableId)) return Promise.resolve({ ok: false as const, violation: { code: 'POKER_SHOE_REMOVED', ruleId: 'P4-IRR', message: 'the shoe was taken out during the hand (its deck is gone): the pit boss decides (void the hand: POST /poker-tables/:id/hand/decisions)' } });
        if (ev.type === 'shoe.unreadable') return Promise.resolve({ ok: false as const, violation: { code: 'POKER_CARD_UNREADABLE', ruleId: 'P4-IRR', message: 'the shoe could not read a card: the dealer or pit boss decides (misdeal / void)' } });
        return Promise.resolve({ ok: true as const, value: null }); // shoe inserted, cut card, …: nothing for the hand
      },
      status: async (tableId, deviceId, state) => {
        if (state === 'fault') await this.poker.deviceFault(tableId, deviceId);
      },
    });
    this.sub = this.poker.shoeTables$.subscribe((tableId) => this.ingest.linkSinkTable(tableId));
  }

  private cardsOut(tableId: string): boolean {
    const h = this.poker.stateOf(tableId)?.hand;
    // a hand that has no card out yet loses nothing with the deck (the dealer swapping decks as it starts)
    return h !== null && h !== undefined && h.phase.type !== 'complete' && h.phase.type !== 'void' && h.dealt.length > 0;
  }

  onModuleDestroy(): void {
    this.sub?.unsubscribe();
  }
}
