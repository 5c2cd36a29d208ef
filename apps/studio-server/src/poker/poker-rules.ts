import { poker, pokerTable, type Audience, type Result } from '@felt-studio/games';
import type { PokerTableFrame, PokerWsMessage } from '@felt-studio/protocol';
import { depositPosting, playerAccount, type Posting } from '../shared/ledger.rules.js';
import type { TableRules } from '../shared/host/table-program.js';
import { fail, keyOf, type PokerUser } from './poker-live-tables.js';
import { seatPostings } from './poker-postings.js';
import { applyEvent, frameOf, handOver, seatUpdate, type PlayerEntry, type PokerEvent, type PokerTableState, type SeamlessChips } from './poker-table.state.js';

/** A player's command at the table, stamped with the server clock (non-negotiable 1). */
export interface PokerPlayerCommand {
  readonly user: PokerUser;
  readonly msg: PokerWsMessage;
  readonly body: Record<string, unknown>;
  readonly at: number;
  /** a robot (funded by a demo deposit), or the chips of a seamless operator's debit. */
  readonly opts: { readonly robot?: boolean; readonly fund?: number; readonly seamless?: SeamlessChips };
}

/**
 * The P2P poker hand as the table host's rules (issue 19 §2, `TableRules` in `shared/host/table-program.ts`):
 * decide (a player's command → the table's events), evolve (the pure core's fold, validated), view (one
 * audience's frame), postings (S1-STACK: the seat effects' ledger side) and the device map (a shoe table's
 * shoe reports cards, DEV-AUTH-1). The hand driver and the writer add the hand's own completion (RNG cards,
 * the hand's end posted once) on the same functions.
 */
export const pokerRules: TableRules<PokerTableState, PokerEvent, PokerPlayerCommand, PokerTableFrame, 'shoe'> = {
  async decide(s, c, tx) {
    const at = c.at;
    let key = keyOf(s, c.user.userId);
    const events: PokerEvent[] = [];
    const postings: Posting[] = [];
    if (key === null) {
      if (c.msg !== 'poker.sit' && c.msg !== 'poker.waitlist') return fail('POKER_NOT_SEATED', 'the player has no seat at this table', 'S1-STACK');
      key = `pk${Object.keys(s.players).length + 1}`;
      const player: PlayerEntry = { key, userId: c.user.userId, displayName: c.user.name, robot: c.opts.robot === true };
      events.push({ type: 'player', player });
    }
    const balance = async (): Promise<number> => {
      if (c.opts.fund) {
        const p = depositPosting(`poker-robot:${s.def.tableId}:${c.user.userId}:${at}`, c.user.userId, c.opts.fund, s.def.currency);
        await tx.ledger.post(p.postingId, p.entries.map((e) => ({ ...e, at })));
      }
      return tx.ledger.balance(playerAccount(c.user.userId), s.def.currency);
    };
    const h = s.hand && !handOver(s.hand) ? s.hand : null;
    const mySeat = h?.seats.find((x) => x.playerId === key)?.seat;
    const inHand = (handId: unknown): Result<{ hand: pokerTable.HandState; seat: number }> => {
      if (!h || h.handId !== handId) return fail('POKER_WRONG_HAND', `hand ${String(handId)} is not in play`);
      if (mySeat === undefined) return fail('POKER_NOT_IN_HAND', 'the player is not dealt in this hand');
      return { ok: true, value: { hand: h, seat: mySeat } };
    };
    switch (c.msg) {
      case 'poker.join':
      case 'poker.leave-view':
        break; // watching changes nothing (the seating answers them without a change)
      case 'poker.sit':
        events.push({ type: 'seat', op: 'sit', key, seat: Number(c.body['seat']), buyInMinor: Number(c.body['buyInMinor']), balanceMinor: await balance(), postToEnter: c.body['postToEnter'] === true, ...(c.opts.seamless ? { seamless: c.opts.seamless } : {}) });
        break;
      case 'poker.waitlist':
        events.push({ type: 'seat', op: 'waitlist', key });
        break;
      case 'poker.top-up':
        if (c.opts.seamless && s.wallets?.[key]?.sessionId !== c.opts.seamless.sessionId) return fail('POKER_WALLET_CHANGED', 'the seat session changed while the operator debited the top-up', 'S1-STACK');
        events.push({ type: 'seat', op: 'top-up', key, amountMinor: Number(c.body['amountMinor']), balanceMinor: await balance(), ...(c.opts.seamless ? { seamless: c.opts.seamless } : {}) });
        break;
      case 'poker.sit-out':
        events.push({ type: 'seat', op: 'sit-out', key, disconnected: false });
        break;
      case 'poker.sit-in':
        events.push({ type: 'seat', op: 'sit-in', key, postToEnter: c.body['postToEnter'] === true });
        break;
      case 'poker.stand-up':
        events.push({ type: 'seat', op: 'leave', key });
        break;
      case 'poker.straddle':
        // S1-STRADDLE: a seat event (logged, so a replay plans the same hands); refused off Ö tables by the core
        events.push({ type: 'seat', op: 'straddle', key, on: c.body['straddle'] === true });
        break;
      case 'poker.act': {
        const r = inHand(c.body['handId']);
        if (!r.ok) return r;
        const toMinor = c.body['toMinor'];
        events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'act', seat: r.value.seat, action: c.body['action'] as pokerTable.PlayerAction, ...(typeof toMinor === 'number' ? { toMinor } : {}), at } });
        break;
      }
      case 'poker.time-bank': {
        const r = inHand(c.body['handId']);
        if (!r.ok) return r;
        events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'time-bank', seat: r.value.seat, at } });
        break;
      }
      case 'poker.draw': {
        const r = inHand(c.body['handId']);
        if (!r.ok) return r;
        const cards = poker.parseHand((c.body['discard'] as string[]).map((c) => c.toUpperCase()), undefined, 'discard');
        if (!cards.ok) return fail('POKER_INVALID_DRAW', cards.violation.message, '001 §3.4');
        events.push({ type: 'hand-command', handId: r.value.hand.handId, cmd: { type: 'draw', seat: r.value.seat, discards: cards.value, at } });
        break;
      }
    }
    return { ok: true, value: { events, postings } };
  },
  evolve: tryApply,
  view(s: PokerTableState, audience: Audience, extra) {
    const key = audience.role === 'player' ? keyOf(s, audience.playerId) : null;
    return frameOf(s, { audience, key }, extra);
  },
  postings: (before, _after, e, frameNo) => (e.type === 'seat' ? seatPostings(before, e, frameNo) : []),
  deviceKind: (s, deviceId) => (s.def.dealing === 'shoe' && s.def.shoeDeviceId === deviceId ? 'shoe' : null),
};

/** Fold one event, validated by the pure core (the rules' `evolve`): a refusal changes nothing. */
export function tryApply(s: PokerTableState, e: PokerEvent, frameNo: number): Result<PokerTableState> {
  if (e.type === 'seat') {
    const r = seatUpdate(s.seats, e);
    if (!r.ok) return r;
  }
  if (e.type === 'hand-command') {
    if (!s.hand || s.hand.handId !== e.handId) return fail('POKER_WRONG_HAND', `hand ${e.handId} is not in play`);
    const r = pokerTable.applyHandCommand(s.hand, e.cmd);
    if (!r.ok) return r;
  }
  return { ok: true, value: applyEvent(s, e, frameNo) };
}
