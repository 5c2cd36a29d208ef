import type { ChatMessage, ChatModeration } from '@felt-studio/protocol';
import type { DataSource } from 'typeorm';
import { toNum } from '../shared/bigint.transformer.js';

/** A message as stored: the staff shape (with the author's id); each audience's shape is made on the way out. */
export type StoredChatMessage = ChatMessage & { readonly author: ChatMessage['author'] & { readonly userId: string } };

export interface TipRow {
  readonly tipId: string;
  readonly tableId: string;
  readonly playerId: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly at: number;
  /** TIP-4: the dealer at the table's console when the tip came, and their shift (sign-in time); null: none was. */
  readonly dealerId: string | null;
  readonly dealerName: string | null;
  readonly shiftStart: number | null;
}

/** TIP-5: a dealer's shift tips paid out (ledger posting `payoutId`). */
export interface TipPayoutRow {
  readonly payoutId: string;
  readonly tableId: string;
  readonly dealerId: string;
  readonly shiftStart: number;
  readonly account: string;
  readonly amountMinor: number;
  readonly currency: string;
  readonly tipCount: number;
  readonly by: string;
  readonly reason: string;
  readonly at: number;
}

/** The chat's rows (issue 24): history (bounded per table, CHAT-6), mutes and bans (CHAT-5), tips (TIP-3). */
export interface ChatRepository {
  /** Inserts the message unless its id exists; keeps the newest `keep` of its table. Returns the stored message with that id. */
  addMessage(m: StoredChatMessage, keep: number): Promise<StoredChatMessage>;
  history(tableId: string, limit: number): Promise<StoredChatMessage[]>;
  moderation(tableId: string, playerId: string): Promise<ChatModeration | null>;
  moderations(tableId: string): Promise<ChatModeration[]>;
  setModeration(m: ChatModeration): Promise<void>;
  clearModeration(tableId: string, playerId: string): Promise<void>;
  /** Inserts the tip unless its id exists; returns the row with that id. */
  addTip(t: TipRow): Promise<TipRow>;
  tip(tipId: string): Promise<TipRow | null>;
  tipsSince(tableId: string, since: number): Promise<{ count: number; totalMinor: number }>;
  /** The tips with `from ≤ at ≤ to`, optionally of one table or dealer, oldest first (TIP-4's report). */
  tipsBetween(from: number, to: number, filter: { tableId?: string | undefined; dealerId?: string | undefined }): Promise<TipRow[]>;
  /** Every tip of one dealer's shift at a table (TIP-5). */
  tipsOfShift(tableId: string, dealerId: string, shiftStart: number): Promise<TipRow[]>;
  /** Inserts the payout unless its id exists; returns the row with that id. */
  addPayout(p: TipPayoutRow): Promise<TipPayoutRow>;
  payouts(payoutIds: readonly string[]): Promise<TipPayoutRow[]>;
}

export const CHAT_REPOSITORY = Symbol('CHAT_REPOSITORY');

export class InMemoryChatRepository implements ChatRepository {
  private readonly messages = new Map<string, StoredChatMessage[]>();
  private readonly byId = new Map<string, StoredChatMessage>();
  private readonly mods = new Map<string, ChatModeration>();
  private readonly tips = new Map<string, TipRow>();
  private readonly paid = new Map<string, TipPayoutRow>();

  async addMessage(m: StoredChatMessage, keep: number): Promise<StoredChatMessage> {
    const had = this.byId.get(m.messageId);
    if (had) return had;
    const list = [...(this.messages.get(m.tableId) ?? []), m].sort((a, b) => a.at - b.at || a.messageId.localeCompare(b.messageId));
    const kept = list.slice(Math.max(0, list.length - keep));
    for (const gone of list.slice(0, list.length - kept.length)) this.byId.delete(gone.messageId);
    this.messages.set(m.tableId, kept);
    this.byId.set(m.messageId, m);
    return m;
  }
  async history(tableId: string, limit: number): Promise<StoredChatMessage[]> {
    const list = this.messages.get(tableId) ?? [];
    return list.slice(Math.max(0, list.length - limit));
  }
  async moderation(tableId: string, playerId: string): Promise<ChatModeration | null> {
    return this.mods.get(`${tableId}\u0000${playerId}`) ?? null;
  }
  async moderations(tableId: string): Promise<ChatModeration[]> {
    return [...this.mods.values()].filter((m) => m.tableId === tableId);
  }
  async setModeration(m: ChatModeration): Promise<void> {
    this.mods.set(`${m.tableId}\u0000${m.playerId}`, m);
  }
  async clearModeration(tableId: string, playerId: string): Promise<void> {
    this.mods.delete(`${tableId}\u0000${playerId}`);
  }
  async addTip(t: TipRow): Promise<TipRow> {
    const had = this.tips.get(t.tipId);
    if (had) return had;
    this.tips.set(t.tipId, t);
    return t;
  }
  async tip(tipId: string): Promise<TipRow | null> {
    return this.tips.get(tipId) ?? null;
  }
  async tipsSince(tableId: string, since: number): Promise<{ count: number; totalMinor: number }> {
    const rows = [...this.tips.values()].filter((t) => t.tableId === tableId && t.at >= since);
    return { count: rows.length, totalMinor: rows.reduce((a, t) => a + t.amountMinor, 0) };
  }
  async tipsBetween(from: number, to: number, f: { tableId?: string | undefined; dealerId?: string | undefined }): Promise<TipRow[]> {
    return [...this.tips.values()]
      .filter((t) => t.at >= from && t.at <= to && (f.tableId === undefined || t.tableId === f.tableId) && (f.dealerId === undefined || t.dealerId === f.dealerId))
      .sort((a, b) => a.at - b.at || a.tipId.localeCompare(b.tipId));
  }
  async tipsOfShift(tableId: string, dealerId: string, shiftStart: number): Promise<TipRow[]> {
    return [...this.tips.values()].filter((t) => t.tableId === tableId && t.dealerId === dealerId && t.shiftStart === shiftStart).sort((a, b) => a.at - b.at || a.tipId.localeCompare(b.tipId));
  }
  async addPayout(p: TipPayoutRow): Promise<TipPayoutRow> {
    const had = this.paid.get(p.payoutId);
    if (had) return had;
    this.paid.set(p.payoutId, p);
    return p;
  }
  async payouts(payoutIds: readonly string[]): Promise<TipPayoutRow[]> {
    return payoutIds.flatMap((id) => this.paid.get(id) ?? []);
  }
}

const modOf = (r: Record<string, unknown>): ChatModeration => ({
  tableId: r['table_id'] as string,
  playerId: r['player_id'] as string,
  action: r['action'] as ChatModeration['action'],
  until: r['until'] === null ? null : toNum(r['until']),
  reason: r['reason'] as string,
  by: r['by'] as string,
  at: toNum(r['at']),
});
const tipOf = (r: Record<string, unknown>): TipRow => ({
  tipId: r['tip_id'] as string,
  tableId: r['table_id'] as string,
  playerId: r['player_id'] as string,
  amountMinor: toNum(r['amount_minor']),
  currency: r['currency'] as string,
  at: toNum(r['at']),
  dealerId: (r['dealer_id'] as string | null) ?? null,
  dealerName: (r['dealer_name'] as string | null) ?? null,
  shiftStart: r['shift_start'] === null || r['shift_start'] === undefined ? null : toNum(r['shift_start']),
});
const payoutOf = (r: Record<string, unknown>): TipPayoutRow => ({
  payoutId: r['payout_id'] as string,
  tableId: r['table_id'] as string,
  dealerId: r['dealer_id'] as string,
  shiftStart: toNum(r['shift_start']),
  account: r['account'] as string,
  amountMinor: toNum(r['amount_minor']),
  currency: r['currency'] as string,
  tipCount: toNum(r['tip_count']),
  by: r['by'] as string,
  reason: r['reason'] as string,
  at: toNum(r['at']),
});
const bodyOf = (v: unknown): StoredChatMessage => (typeof v === 'string' ? (JSON.parse(v) as StoredChatMessage) : (v as StoredChatMessage));

export class SqlChatRepository implements ChatRepository {
  constructor(private readonly ds: DataSource) {}

  async addMessage(m: StoredChatMessage, keep: number): Promise<StoredChatMessage> {
    await this.ds.query(`INSERT INTO "chat_message" ("message_id","table_id","author_id","at","body") VALUES ($1,$2,$3,$4,$5) ON CONFLICT ("message_id") DO NOTHING`, [m.messageId, m.tableId, m.author.userId, m.at, JSON.stringify(m)]);
    // CHAT-6: the table keeps its newest `keep` messages
    await this.ds.query(
      `DELETE FROM "chat_message" WHERE "table_id" = $1 AND "message_id" NOT IN (SELECT "message_id" FROM "chat_message" WHERE "table_id" = $1 ORDER BY "at" DESC, "message_id" DESC LIMIT $2)`,
      [m.tableId, keep],
    );
    const rows = (await this.ds.query(`SELECT "body" FROM "chat_message" WHERE "message_id" = $1`, [m.messageId])) as { body: unknown }[];
    return rows[0] ? bodyOf(rows[0].body) : m;
  }
  async history(tableId: string, limit: number): Promise<StoredChatMessage[]> {
    const rows = (await this.ds.query(`SELECT "body" FROM "chat_message" WHERE "table_id" = $1 ORDER BY "at" DESC, "message_id" DESC LIMIT $2`, [tableId, limit])) as { body: unknown }[];
    return rows.map((r) => bodyOf(r.body)).reverse();
  }
  async moderation(tableId: string, playerId: string): Promise<ChatModeration | null> {
    const rows = (await this.ds.query(`SELECT * FROM "chat_moderation" WHERE "table_id" = $1 AND "player_id" = $2`, [tableId, playerId])) as Record<string, unknown>[];
    return rows[0] ? modOf(rows[0]) : null;
  }
  async moderations(tableId: string): Promise<ChatModeration[]> {
    const rows = (await this.ds.query(`SELECT * FROM "chat_moderation" WHERE "table_id" = $1 ORDER BY "at" DESC`, [tableId])) as Record<string, unknown>[];
    return rows.map(modOf);
  }
  async setModeration(m: ChatModeration): Promise<void> {
    await this.ds.query(
      `INSERT INTO "chat_moderation" ("table_id","player_id","action","until","reason","by","at") VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT ("table_id","player_id") DO UPDATE SET "action" = $3, "until" = $4, "reason" = $5, "by" = $6, "at" = $7`,
      [m.tableId, m.playerId, m.action, m.until, m.reason, m.by, m.at],
    );
  }
  async clearModeration(tableId: string, playerId: string): Promise<void> {
    await this.ds.query(`DELETE FROM "chat_moderation" WHERE "table_id" = $1 AND "player_id" = $2`, [tableId, playerId]);
  }
  async addTip(t: TipRow): Promise<TipRow> {
    await this.ds.query(
      `INSERT INTO "table_tip" ("tip_id","table_id","player_id","amount_minor","currency","at","dealer_id","dealer_name","shift_start") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9) ON CONFLICT ("tip_id") DO NOTHING`,
      [t.tipId, t.tableId, t.playerId, t.amountMinor, t.currency, t.at, t.dealerId, t.dealerName, t.shiftStart],
    );
    return (await this.tip(t.tipId)) ?? t;
  }
  async tip(tipId: string): Promise<TipRow | null> {
    const rows = (await this.ds.query(`SELECT * FROM "table_tip" WHERE "tip_id" = $1`, [tipId])) as Record<string, unknown>[];
    return rows[0] ? tipOf(rows[0]) : null;
  }
  async tipsSince(tableId: string, since: number): Promise<{ count: number; totalMinor: number }> {
    const rows = (await this.ds.query(`SELECT COUNT(*) AS n, COALESCE(SUM("amount_minor"), 0) AS total FROM "table_tip" WHERE "table_id" = $1 AND "at" >= $2`, [tableId, since])) as { n: unknown; total: unknown }[];
    return { count: toNum(rows[0]?.n ?? 0), totalMinor: toNum(rows[0]?.total ?? 0) };
  }
  async tipsBetween(from: number, to: number, f: { tableId?: string | undefined; dealerId?: string | undefined }): Promise<TipRow[]> {
    const params: unknown[] = [from, to];
    let where = `"at" >= $1 AND "at" <= $2`;
    if (f.tableId !== undefined) where += ` AND "table_id" = $${params.push(f.tableId)}`;
    if (f.dealerId !== undefined) where += ` AND "dealer_id" = $${params.push(f.dealerId)}`;
    const rows = (await this.ds.query(`SELECT * FROM "table_tip" WHERE ${where} ORDER BY "at", "tip_id"`, params)) as Record<string, unknown>[];
    return rows.map(tipOf);
  }
  async tipsOfShift(tableId: string, dealerId: string, shiftStart: number): Promise<TipRow[]> {
    const rows = (await this.ds.query(`SELECT * FROM "table_tip" WHERE "table_id" = $1 AND "dealer_id" = $2 AND "shift_start" = $3 ORDER BY "at", "tip_id"`, [tableId, dealerId, shiftStart])) as Record<string, unknown>[];
    return rows.map(tipOf);
  }
  async addPayout(p: TipPayoutRow): Promise<TipPayoutRow> {
    await this.ds.query(
      `INSERT INTO "tip_payout" ("payout_id","table_id","dealer_id","shift_start","account","amount_minor","currency","tip_count","by","reason","at") VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11) ON CONFLICT ("payout_id") DO NOTHING`,
      [p.payoutId, p.tableId, p.dealerId, p.shiftStart, p.account, p.amountMinor, p.currency, p.tipCount, p.by, p.reason, p.at],
    );
    return (await this.payouts([p.payoutId]))[0] ?? p;
  }
  async payouts(payoutIds: readonly string[]): Promise<TipPayoutRow[]> {
    if (payoutIds.length === 0) return [];
    const rows = (await this.ds.query(`SELECT * FROM "tip_payout" WHERE "payout_id" = ANY($1)`, [[...payoutIds]])) as Record<string, unknown>[];
    return rows.map(payoutOf);
  }
}
