/**
 * The table chat and tips (issue 24; docs/chat-and-tips.md). Every write is a command of the one registry
 * (chat.commands.ts), so it runs on the table's owner: the rate buckets (CHAT-2) live there. Messages,
 * mutes/bans and tips are rows (chat.repository.ts), so any instance reads the history; the frames go out
 * through the realtime gateway (`frames$`), per audience.
 *
 * Tips (TIP-1): `tip:<tipId>` player → `tips:<tableId>` in the ledger (balanced, idempotent by the id); a
 * seamless operator's player is debited at the operator first (`seamless-in:<tipId>`, the same journal and
 * rollback rules as a bet's stake), as a bet is.
 */
import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Result } from '@felt-studio/games';
import {
  CHAT_MAX_LENGTH,
  type CannedMessage,
  type ChatData,
  type ChatHistory,
  type ChatMessage,
  type ChatModeration,
  type ChatModerationAction,
  type TipPayoutBody,
  type TipPayoutResult,
  type TipResult,
  type TipsReport,
  type TipsReportQuery,
  type TipsSummary,
} from '@felt-studio/protocol';
import { Subject } from 'rxjs';
import { AuditService } from '../audit/audit.service.js';
import { TokenBuckets } from '../ratelimit/rate-limit.service.js';
import { PresenceService } from '../presence/presence.service.js';
import { TablesService } from '../tables/tables.service.js';
import { SeamlessService } from '../wallet/seamless/seamless.service.js';
import type { Actor } from '../shared/command.types.js';
import { rejection } from '../shared/command.types.js';
import { CLOCK, type Clock } from '../shared/clock.js';
import { tipPayoutId, tipPayoutPosting, tipPosting, tipsPayableAccount } from '../shared/ledger.rules.js';
import { PRESENCE_MERGER, type LocalPresence, type PresenceMerger } from '../shared/ports/cluster.port.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';
import { checkChatText, shiftStart } from './chat.rules.js';
import { CHAT_REPOSITORY, type ChatRepository, type StoredChatMessage, type TipPayoutRow, type TipRow } from './chat.repository.js';
import { dealerOnDuty, tipsByShift } from './tips.rules.js';

export const CHAT_DATA = Symbol('CHAT_DATA');
/** Seamless operator rounds of tips: `tip:<tableId>:<tipId>` (one round per tip, closed at once). */
export const TIP_ROUND_PREFIX = 'tip:';
const DEFAULT_MUTE_MINUTES = 10;
/** TIP-4's report: a week back by default, at most 92 days in one read. */
const REPORT_DEFAULT_MS = 7 * 86_400_000;
const REPORT_MAX_MS = 92 * 86_400_000;

/** What the gateway sends (chat.message to everyone at the table, chat.tip to staff, chat.moderation to the pit boss and the player). */
export type ChatFrame =
  | { readonly type: 'message'; readonly message: StoredChatMessage }
  | { readonly type: 'tip'; readonly tip: TipRow }
  | { readonly type: 'moderation'; readonly tableId: string; readonly playerId: string; readonly action: ChatModerationAction; readonly until: number | null };

/** A message as an audience sees it: staff (pit boss, admin) with the author's id; players and the dealer without. */
export function messageFor(m: StoredChatMessage, staff: boolean): ChatMessage {
  if (staff) return m;
  const { userId: _id, ...author } = m.author;
  return { ...m, author };
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });
const no = (code: Parameters<typeof rejection>[0], ruleId: string | null, message: string, details?: Record<string, unknown>): Result<never> => ({ ok: false, violation: rejection(code, ruleId, message, details) });

@Injectable()
export class ChatService {
  readonly frames$ = new Subject<ChatFrame>();
  private readonly buckets: TokenBuckets;

  constructor(
    @Inject(CHAT_REPOSITORY) private readonly repo: ChatRepository,
    @Inject(CHAT_DATA) readonly data: ChatData,
    @Inject(UNIT_OF_WORK) private readonly uow: UnitOfWork,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly audit: AuditService,
    private readonly tables: TablesService,
    private readonly presence: PresenceService,
    @Optional() @Inject(SeamlessService) private readonly seamless: SeamlessService | null = null,
    @Optional() @Inject(PRESENCE_MERGER) private readonly presenceMerger: PresenceMerger | null = null,
  ) {
    this.buckets = new TokenBuckets(data.rate);
    // A seamless tip's debit is closed at once: credited 0 with the round closed once its posting exists, rolled back if it never got one.
    this.seamless?.registerSessions(TIP_ROUND_PREFIX, async (_round, betIds) => {
      const committed: string[] = [];
      for (const id of betIds) if ((await this.uow.run((tx) => tx.ledger.entries(`tip:${id}`))).length > 0) committed.push(id);
      return { committed, endedWithMinor: 0 };
    });
  }

  /**
   * Who is at the table by id: this instance's sockets, and with several instances (FELT_CLUSTER=1) every
   * instance's part through Redis (the command runs on the table's owner, the player's socket may be elsewhere).
   */
  private atTable(tableId: string): Promise<LocalPresence> {
    const local = this.presence.local(tableId);
    return this.presenceMerger ? this.presenceMerger.who(tableId, local) : Promise.resolve(local);
  }

  /** CHAT-7: a player chats and tips only at a table they have open (presence, `table.presence`). */
  private async notAtTable(tableId: string, playerId: string): Promise<Result<never> | null> {
    if ((await this.atTable(tableId)).players.includes(playerId)) return null;
    return no('CHAT_NOT_AT_TABLE', 'CHAT-7', 'open the table first: only players at the table chat and tip there');
  }

  /** CHAT-5: the mute or ban in force for the player at the table (an expired mute is none). */
  private async restriction(tableId: string, playerId: string): Promise<ChatModeration | null> {
    const m = await this.repo.moderation(tableId, playerId);
    if (m === null) return null;
    if (m.action === 'mute' && m.until !== null && m.until <= this.clock.now()) return null;
    return m;
  }

  /** `chat.send`: CHAT-5 (mute/ban), idempotent retry, CHAT-2 (rate), CHAT-1/4/3 (the text), then stored (CHAT-6) and sent. */
  async send(tableId: string, actor: Actor, messageId: string, raw: string): Promise<Result<{ message: ChatMessage; duplicate: boolean }>> {
    const t = await this.tables.exists(tableId);
    if (!t.ok) return t;
    const r = await this.restriction(tableId, actor.userId);
    if (r?.action === 'ban') return no('CHAT_BANNED', 'CHAT-5', "a pit boss banned you from this table's chat", { reason: r.reason });
    if (r?.action === 'mute') return no('CHAT_MUTED', 'CHAT-5', "a pit boss muted you in this table's chat", { until: r.until, reason: r.reason });
    const dup = await this.duplicate(tableId, actor, messageId, raw.trim());
    if (dup !== null) return dup;
    const away = await this.notAtTable(tableId, actor.userId);
    if (away !== null) return away;
    const wait = this.buckets.take(`${tableId}\u0000${actor.userId}`, this.clock.now());
    if (wait > 0) return no('CHAT_RATE_LIMITED', 'CHAT-2', `too many messages: the next one is accepted in ${Math.ceil(wait / 1000)} s`, { retryAfterMs: wait });
    const c = checkChatText(raw, this.data.words);
    if (!c.ok) return no(c.code, c.code === 'CHAT_TOO_LONG' ? 'CHAT-1' : c.code === 'CHAT_WORD_FILTERED' ? 'CHAT-3' : 'CHAT-4', c.message);
    return this.post({ messageId, tableId, at: this.clock.now(), kind: 'player', author: { role: 'player', name: actor.name ?? actor.userId, userId: actor.userId }, text: c.text });
  }

  /** `chat.canned`: the dealer's (or pit boss's) answer from the studio's list, every language in the message. */
  async canned(tableId: string, actor: Actor, messageId: string, cannedId: string): Promise<Result<{ message: ChatMessage; duplicate: boolean }>> {
    const t = await this.tables.exists(tableId);
    if (!t.ok) return t;
    const c: CannedMessage | undefined = this.data.canned.find((x) => x.id === cannedId);
    if (c === undefined) return no('CHAT_CANNED_UNKNOWN', null, `no canned message "${cannedId}" in the studio's list`);
    const dup = await this.duplicate(tableId, actor, messageId, c.texts.en);
    if (dup !== null) return dup;
    const role = actor.role === 'pitboss' || actor.role === 'admin' ? actor.role : 'dealer';
    return this.post({ messageId, tableId, at: this.clock.now(), kind: 'canned', author: { role, name: actor.name ?? actor.userId, userId: actor.userId }, text: c.texts.en, cannedId: c.id, texts: c.texts });
  }

  private async duplicate(tableId: string, actor: Actor, messageId: string, text: string): Promise<Result<{ message: ChatMessage; duplicate: boolean }> | null> {
    const had = (await this.repo.history(tableId, this.data.historyPerTable)).find((m) => m.messageId === messageId);
    if (had === undefined) return null;
    if (had.author.userId !== actor.userId || had.text !== text) return no('CHAT_MESSAGE_ID_CONFLICT', 'D-3', `message ${messageId} exists with another author or text`);
    return ok({ message: messageFor(had, false), duplicate: true });
  }

  private async post(m: StoredChatMessage): Promise<Result<{ message: ChatMessage; duplicate: boolean }>> {
    const stored = await this.repo.addMessage(m, this.data.historyPerTable);
    if (stored.author.userId !== m.author.userId || stored.tableId !== m.tableId) return no('CHAT_MESSAGE_ID_CONFLICT', 'D-3', `message ${m.messageId} exists with another author or table`);
    this.frames$.next({ type: 'message', message: stored });
    return ok({ message: messageFor(stored, false), duplicate: false });
  }

  /** `chat.moderate` (pit boss): mute for minutes, ban, or lift either; audited with the reason (who, when, why). */
  async moderate(tableId: string, by: Actor, input: { playerId: string; action: ChatModerationAction; minutes?: number | undefined; reason: string }): Promise<Result<{ tableId: string; playerId: string; action: ChatModerationAction; until: number | null }>> {
    const t = await this.tables.exists(tableId);
    if (!t.ok) return t;
    if (input.minutes !== undefined && input.action !== 'mute') return no('INVALID_INPUT', null, 'minutes is for a mute only');
    const at = this.clock.now();
    let until: number | null = null;
    switch (input.action) {
      case 'mute':
        until = at + (input.minutes ?? DEFAULT_MUTE_MINUTES) * 60_000;
        await this.repo.setModeration({ tableId, playerId: input.playerId, action: 'mute', until, reason: input.reason, by: by.userId, at });
        break;
      case 'ban':
        await this.repo.setModeration({ tableId, playerId: input.playerId, action: 'ban', until: null, reason: input.reason, by: by.userId, at });
        break;
      case 'unmute':
      case 'unban':
        await this.repo.clearModeration(tableId, input.playerId);
        break;
    }
    const minutes = input.action === 'mute' ? ` for ${input.minutes ?? DEFAULT_MUTE_MINUTES} min` : '';
    await this.audit.record({ actor: by.userId, role: by.role, action: `chat.${input.action}`, reason: input.reason, target: `table:${tableId}:player:${input.playerId}${minutes}`, at });
    this.frames$.next({ type: 'moderation', tableId, playerId: input.playerId, action: input.action, until });
    return ok({ tableId, playerId: input.playerId, action: input.action, until });
  }

  /**
   * `chat.tip` (TIP-1, TIP-2): the amount within the studio's limits, in the table's currency; idempotent by
   * tip id (the same id again answers the first tip; with another amount, table or player: TIP_ID_CONFLICT).
   */
  async tip(tableId: string, player: Actor, tipId: string, amountMinor: number): Promise<Result<TipResult>> {
    const table = await this.tables.get(tableId);
    if (!table.ok) return table;
    const currency = table.value.currency;
    const had = await this.repo.tip(tipId);
    if (had !== null) return this.sameTip(had, tableId, player.userId, amountMinor);
    const { minMinor, maxMinor } = this.data.tip;
    if (amountMinor < minMinor || amountMinor > maxMinor) return no('TIP_OUT_OF_LIMITS', 'TIP-2', `a tip is between ${minMinor} and ${maxMinor} minor units of ${currency}`, { minMinor, maxMinor });
    const here = await this.atTable(tableId);
    if (!here.players.includes(player.userId)) return no('CHAT_NOT_AT_TABLE', 'CHAT-7', 'open the table first: only players at the table chat and tip there');
    // TIP-4: the tip is the shift's of the dealer at the console now
    const d = dealerOnDuty(here.dealers);
    const duty = { dealerId: d?.userId ?? null, dealerName: d?.name ?? null, shiftStart: d?.since ?? null };
    const posting = tipPosting(tipId, player.userId, tableId, amountMinor, currency);
    const existing = await this.uow.run((tx) => tx.ledger.entries(posting.postingId));
    if (existing.length > 0) {
      // posted before a crash that lost the row: the ledger is the truth, the row is rebuilt from it
      const mine = existing.find((e) => e.amountMinor > 0);
      if (mine?.amountMinor !== amountMinor || mine.account !== `tips:${tableId}` || !existing.some((e) => e.account === `player:${player.userId}`)) return no('TIP_ID_CONFLICT', 'TIP-1', `tip ${tipId} was posted with another amount, table or player`);
      return this.record({ tipId, tableId, playerId: player.userId, amountMinor, currency, at: existing[0]?.at ?? this.clock.now(), ...duty }, true);
    }
    const link = player.role === 'player' ? (this.seamless?.linkOf(player.userId) ?? null) : null;
    if (link !== null && this.seamless !== null) {
      const d = await this.seamless.debitChips(link, `${TIP_ROUND_PREFIX}${tableId}:${tipId}`, tipId, amountMinor, currency);
      if (!d.ok) return d;
    }
    const at = this.clock.now();
    await this.uow.run((tx) => tx.ledger.post(posting.postingId, posting.entries.map((e) => ({ ...e, at }))));
    return this.record({ tipId, tableId, playerId: player.userId, amountMinor, currency, at, ...duty }, false);
  }

  private sameTip(had: TipRow, tableId: string, playerId: string, amountMinor: number): Result<TipResult> {
    if (had.tableId !== tableId || had.playerId !== playerId || had.amountMinor !== amountMinor) return no('TIP_ID_CONFLICT', 'TIP-1', `tip ${had.tipId} exists with another amount, table or player`);
    return ok({ tipId: had.tipId, tableId: had.tableId, amountMinor: had.amountMinor, currency: had.currency, at: had.at, duplicate: true });
  }

  private async record(row: TipRow, duplicate: boolean): Promise<Result<TipResult>> {
    const stored = await this.repo.addTip(row);
    if (!duplicate) this.frames$.next({ type: 'tip', tip: stored });
    return ok({ tipId: stored.tipId, tableId: stored.tableId, amountMinor: stored.amountMinor, currency: stored.currency, at: stored.at, duplicate });
  }

  /**
   * TIP-3: the table's tips since the shift began (the dealer's sign-in at this table's console; else the UTC
   * day). Who tipped is not in it. The sign-in is the merged presence's (the earliest of the dealer's consoles on
   * any instance), so every instance answers the same shift.
   */
  async tipsSummary(tableId: string, dealerId: string | null): Promise<TipsSummary> {
    const table = await this.tables.get(tableId);
    const dealers = (await this.atTable(tableId)).dealers;
    const mine = dealers.find((d) => d.userId === dealerId) ?? dealers[0];
    const since = shiftStart(mine?.since ?? null, this.clock.now());
    const s = await this.repo.tipsSince(tableId, since);
    return { tableId, currency: table.ok ? table.value.currency : 'EUR', since, ...s };
  }

  /** `GET /tables/{id}/chat`: the history as the caller may see it (players and the dealer: no player ids), with what each role needs. */
  async history(tableId: string, viewer: Actor): Promise<Result<ChatHistory>> {
    const t = await this.tables.exists(tableId);
    if (!t.ok) return t;
    const pit = viewer.role === 'pitboss' || viewer.role === 'admin';
    const messages = (await this.repo.history(tableId, this.data.historyPerTable)).map((m) => messageFor(m, pit));
    const base = { tableId, messages, canned: this.data.canned, tipLimits: this.data.tip };
    if (viewer.role === 'player') return ok({ ...base, mine: await this.restriction(tableId, viewer.userId) });
    const tips = await this.tipsSummary(tableId, viewer.role === 'dealer' ? viewer.userId : null);
    if (!pit) return ok({ ...base, tips });
    const now = this.clock.now();
    const moderation = (await this.repo.moderations(tableId)).filter((m) => m.action === 'ban' || m.until === null || m.until > now);
    return ok({ ...base, tips, moderation });
  }

  /** TIP-4: the tips per table, dealer and shift in a time range (default: the last 7 days; at most 92 days), with each shift's payout (TIP-5). */
  async tipsReport(q: TipsReportQuery): Promise<Result<TipsReport>> {
    const to = q.to ?? this.clock.now();
    const from = q.from ?? to - REPORT_DEFAULT_MS;
    if (from > to) return no('INVALID_INPUT', null, `from (${from}) is after to (${to})`);
    if (to - from > REPORT_MAX_MS) return no('INVALID_INPUT', null, `a tips report spans at most 92 days (from ${from} to ${to} is longer)`);
    const tips = await this.repo.tipsBetween(from, to, { tableId: q.tableId, dealerId: q.dealerId });
    const shifts = new Set<string>();
    for (const t of tips) if (t.dealerId !== null && t.shiftStart !== null) shifts.add(tipPayoutId(t.tableId, t.dealerId, t.shiftStart));
    const payouts = await this.repo.payouts([...shifts]);
    const open = new Map<string, readonly { userId: string; since: number }[]>();
    for (const tableId of new Set(tips.map((t) => t.tableId))) open.set(tableId, (await this.atTable(tableId)).dealers);
    return ok({ from, to, shifts: tipsByShift(tips, payouts, (tableId, dealerId, since) => (open.get(tableId) ?? []).some((d) => d.userId === dealerId && d.since === since)) });
  }

  /**
   * TIP-5 (admin): a dealer's shift tips, once the shift ended, move from `tips:<tableId>` to
   * `tips-payable:<dealerId>` (payroll pays them from there) in one balanced posting keyed by the shift, so a
   * second payout of the same shift (a retry, or two admins at once) posts nothing and answers the first.
   * Audited (`tips.payout`) with the reason.
   */
  async payTips(by: Actor, b: TipPayoutBody): Promise<Result<TipPayoutResult>> {
    const payoutId = tipPayoutId(b.tableId, b.dealerId, b.shiftStart);
    const had = (await this.repo.payouts([payoutId]))[0];
    if (had !== undefined) return ok(this.payoutResult(had, true));
    if ((await this.atTable(b.tableId)).dealers.some((d) => d.userId === b.dealerId && d.since === b.shiftStart)) {
      return no('TIP_SHIFT_OPEN', 'TIP-5', `${b.dealerId} is still at the table's console in this shift: pay it out once it ended`);
    }
    const tips = await this.repo.tipsOfShift(b.tableId, b.dealerId, b.shiftStart);
    const first = tips[0];
    if (first === undefined) return no('TIP_SHIFT_NOT_FOUND', 'TIP-5', `no tips for ${b.dealerId} at ${b.tableId} in the shift from ${b.shiftStart}`);
    const amountMinor = tips.reduce((a, t) => a + t.amountMinor, 0);
    const posting = tipPayoutPosting(b.tableId, b.dealerId, b.shiftStart, amountMinor, first.currency);
    const at = this.clock.now();
    const posted = await this.uow.run((tx) => tx.ledger.post(posting.postingId, posting.entries.map((e) => ({ ...e, at }))));
    // Not posted: the same shift was paid a moment ago (or before a crash lost the row): the ledger's amount is the truth.
    const entries = posted ? null : await this.uow.run((tx) => tx.ledger.entries(posting.postingId));
    const row: TipPayoutRow = {
      payoutId,
      tableId: b.tableId,
      dealerId: b.dealerId,
      shiftStart: b.shiftStart,
      account: tipsPayableAccount(b.dealerId),
      amountMinor: entries?.find((e) => e.amountMinor > 0)?.amountMinor ?? amountMinor,
      currency: first.currency,
      tipCount: tips.length,
      by: by.userId,
      reason: b.reason,
      at: entries?.[0]?.at ?? at,
    };
    const stored = await this.repo.addPayout(row);
    if (posted) await this.audit.record({ actor: by.userId, role: by.role, action: 'tips.payout', reason: b.reason, target: `table:${b.tableId}:dealer:${b.dealerId}:shift:${b.shiftStart} ${amountMinor} ${first.currency}`, at });
    return ok(this.payoutResult(stored, !posted));
  }

  private payoutResult(p: TipPayoutRow, duplicate: boolean): TipPayoutResult {
    return { payoutId: p.payoutId, tableId: p.tableId, dealerId: p.dealerId, shiftStart: p.shiftStart, account: p.account, amountMinor: p.amountMinor, currency: p.currency, tipCount: p.tipCount, by: p.by, reason: p.reason, at: p.at, duplicate };
  }

  /** CHAT-1's bound, for the clients' counters. */
  static readonly maxLength = CHAT_MAX_LENGTH;
}
