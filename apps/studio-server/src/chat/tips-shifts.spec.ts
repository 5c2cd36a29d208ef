import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { AuditService } from '../audit/audit.service.js';
import { UNIT_OF_WORK, type UnitOfWork } from '../shared/ports/persistence.port.js';

class TestClock {
  t = Date.UTC(2026, 10, 27, 18, 0, 0);
  now(): number {
    return this.t;
  }
}

interface ShiftRow {
  tableId: string;
  dealerId: string | null;
  dealerName: string | null;
  shiftStart: number | null;
  count: number;
  totalMinor: number;
  open: boolean;
  paid: { amountMinor: number; by: string; reason: string } | null;
}

/**
 * Issue 24, the rest of chat and tips (docs/chat-and-tips.md): CHAT-7 (only players at the table chat and tip,
 * over real sockets), TIP-4 (each tip is the shift's of the dealer at the console; the report per dealer and
 * shift, JSON and CSV, staff only) and TIP-5 (an ended shift's payout: balanced, once, audited).
 */
describe('chat and tips at the table: CHAT-7, tips per dealer and shift, payout', () => {
  let h: RoundsApp;
  let tableId: string;
  const clock = new TestClock();
  const sockets: Socket[] = [];
  const uow = (): UnitOfWork => h.get<UnitOfWork>(UNIT_OF_WORK);
  const balance = (account: string) => uow().run((tx) => tx.ledger.balance(account, 'EUR'));
  let n = 0;
  const id = (p: string) => `${p}_${++n}`;

  async function connect(token: string): Promise<Socket> {
    const s = io(h.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(s);
    await new Promise<void>((res, rej) => {
      s.once('connect', () => res());
      s.once('connect_error', rej);
    });
    return s;
  }
  const emit = (s: Socket, name: string, body: unknown) => new Promise<{ ok: boolean; error?: { code: string } }>((res) => s.emit(name, body, res));
  const tip = (player: string, amountMinor: number, tipId = id('tip')) => h.http('POST', `/tables/${tableId}/tips`, h.token(player, 'player'), { tipId, amountMinor });
  const report = async (token = h.token('pb', 'pitboss')): Promise<ShiftRow[]> => {
    const r = await h.http('GET', `/tips/shifts?tableId=${tableId}&from=${clock.t - 86_400_000}`, token);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return r.body['shifts'] as ShiftRow[];
  };
  async function until(what: string, ok: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 100; i++) {
      if (await ok()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  beforeAll(async () => {
    h = await bootRoundsApp({ clock });
    tableId = await h.openSicBoTable('Tips table');
    await h.deposit('p_t1', 10_000);
    await h.deposit('p_t2', 10_000);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await h.close();
  });

  it('CHAT-7: a player without the table open may neither chat nor tip (CHAT_NOT_AT_TABLE, nothing posted); with it open they may; closed again, refused again', async () => {
    const token = h.token('p_t1', 'player');
    const s = await connect(token);
    const msg = () => h.http('POST', `/tables/${tableId}/chat/messages`, token, { messageId: id('m'), text: 'hello table' });
    const away = await msg();
    expect(away.status).toBe(403);
    expect(away.body).toMatchObject({ code: 'CHAT_NOT_AT_TABLE', ruleId: 'CHAT-7' });
    expect((await tip('p_t1', 100, 'tip_away')).body).toMatchObject({ code: 'CHAT_NOT_AT_TABLE', ruleId: 'CHAT-7' });
    expect(await uow().run((tx) => tx.ledger.entries('tip:tip_away'))).toEqual([]);
    // over WS too (one definition)
    expect(await emit(s, 'chat.send', { tableId, messageId: id('ws'), text: 'hi' })).toMatchObject({ ok: false, error: { code: 'CHAT_NOT_AT_TABLE' } });
    expect((await emit(s, 'table.presence', { tableId, present: true })).ok).toBe(true);
    expect((await msg()).status).toBe(201);
    expect(await emit(s, 'chat.send', { tableId, messageId: id('ws'), text: 'hi again' })).toMatchObject({ ok: true });
    clock.t += 60_000;
    expect((await emit(s, 'table.presence', { tableId, present: false })).ok).toBe(true);
    expect((await msg()).body).toMatchObject({ code: 'CHAT_NOT_AT_TABLE' });
    // a closed socket leaves the table too
    expect((await emit(s, 'table.presence', { tableId, present: true })).ok).toBe(true);
    s.disconnect();
    await until('the closed socket to leave the table', async () => (await msg()).body['code'] === 'CHAT_NOT_AT_TABLE');
  });

  let shiftA = 0;
  let shiftB = 0;
  it('TIP-4: each tip counts for the dealer at the console when it came (a relief dealer from their sign-in); the report per dealer and shift is staff-only, JSON and CSV', async () => {
    for (const p of ['p_t1', 'p_t2']) expect((await emit(await connect(h.token(p, 'player')), 'table.presence', { tableId, present: true })).ok).toBe(true);
    clock.t += 60_000;
    expect((await tip('p_t1', 200)).status).toBe(201); // no dealer at the console
    clock.t += 60_000;
    shiftA = clock.t;
    const a = await connect(h.token('d_anna', 'dealer'));
    expect((await emit(a, 'table.join', { tableId })).ok).toBe(true);
    clock.t += 60_000;
    expect((await tip('p_t1', 500)).status).toBe(201);
    expect((await tip('p_t2', 300)).status).toBe(201);
    clock.t += 60_000;
    shiftB = clock.t;
    const b = await connect(h.token('d_bo', 'dealer'));
    expect((await emit(b, 'table.join', { tableId })).ok).toBe(true); // the relief signs in: from now the tips are Bo's
    clock.t += 1_000;
    expect((await tip('p_t2', 1_000)).status).toBe(201);
    a.disconnect();
    await until("Anna's shift to end", async () => (await report()).some((r) => r.dealerId === 'd_anna' && !r.open));
    const rows = await report();
    expect(rows).toEqual([
      expect.objectContaining({ dealerId: 'd_anna', dealerName: 'd_anna', shiftStart: shiftA, count: 2, totalMinor: 800, open: false, paid: null }),
      expect.objectContaining({ dealerId: 'd_bo', shiftStart: shiftB, count: 1, totalMinor: 1_000, open: true, paid: null }),
      expect.objectContaining({ dealerId: null, shiftStart: null, count: 1, totalMinor: 200 }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('p_t1'); // per dealer: who tipped is not in the report
    expect((await h.http('GET', `/tips/shifts?tableId=${tableId}`, h.token('p_t1', 'player'))).status).toBe(403);
    expect((await h.http('GET', `/tips/shifts?tableId=${tableId}`, h.token('d_anna', 'dealer'))).status).toBe(403);
    expect((await h.http('GET', `/tips/shifts?from=10&to=5`, h.token('pb', 'pitboss'))).body).toMatchObject({ code: 'INVALID_INPUT' });
    const csv = await fetch(`${h.url}/tips/shifts.csv?tableId=${tableId}`, { headers: { authorization: `Bearer ${h.token('adm', 'admin')}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('table_id,dealer_id,dealer_name,shift_start,shift_start_ms,currency,tips,total_minor,first_tip,last_tip,open,paid_at,paid_by,paid_minor,paid_reason');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(`${tableId},d_anna,d_anna,${new Date(shiftA).toISOString()},${shiftA},EUR,2,800,`);
  });

  it('TIP-5: an ended shift is paid out once (tips → tips-payable:<dealer>, balanced, audited with the reason); an open shift and an unknown one are refused; money is conserved', async () => {
    const admin = h.token('adm', 'admin');
    const pay = (dealerId: string, shiftStart: number, reason = 'end of shift payroll') => h.http('POST', '/tips/payouts', admin, { tableId, dealerId, shiftStart, reason });
    const tipsBefore = await balance(`tips:${tableId}`);
    expect(tipsBefore).toBe(2_000);
    expect((await h.http('POST', '/tips/payouts', h.token('pb', 'pitboss'), { tableId, dealerId: 'd_anna', shiftStart: shiftA, reason: 'x' })).status).toBe(403);
    expect((await h.http('POST', '/tips/payouts', admin, { tableId, dealerId: 'd_anna', shiftStart: shiftA, reason: '' })).body).toMatchObject({ code: 'INVALID_INPUT' });
    expect((await pay('d_bo', shiftB)).body).toMatchObject({ code: 'TIP_SHIFT_OPEN', ruleId: 'TIP-5' });
    expect((await pay('d_anna', shiftA + 1)).body).toMatchObject({ code: 'TIP_SHIFT_NOT_FOUND', ruleId: 'TIP-5' });
    const first = await pay('d_anna', shiftA);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ dealerId: 'd_anna', shiftStart: shiftA, amountMinor: 800, tipCount: 2, currency: 'EUR', account: 'tips-payable:d_anna', duplicate: false, by: 'adm' });
    const again = await pay('d_anna', shiftA, 'clicked twice');
    expect(again.body).toMatchObject({ amountMinor: 800, duplicate: true, reason: 'end of shift payroll' });
    expect(await balance(`tips:${tableId}`)).toBe(1_200);
    expect(await balance('tips-payable:d_anna')).toBe(800);
    const audit = (await h.get(AuditService).list(50)).filter((x) => x.action === 'tips.payout');
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor: 'adm', role: 'admin', reason: 'end of shift payroll' });
    expect(audit[0]?.target).toContain(`table:${tableId}:dealer:d_anna:shift:${shiftA}`);
    // Bo's shift ends; two admins pay it at the same moment: one posting, both answered with it
    for (const s of sockets) if (s.connected) s.disconnect();
    await until("Bo's shift to end", async () => (await report()).some((r) => r.dealerId === 'd_bo' && !r.open));
    const both = await Promise.all([pay('d_bo', shiftB), pay('d_bo', shiftB)]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    expect(both.map((r) => r.body['duplicate']).sort()).toEqual([false, true]);
    expect(both.map((r) => r.body['amountMinor'])).toEqual([1_000, 1_000]);
    expect(await uow().run((tx) => tx.ledger.entries(`tip-payout:${tableId}:d_bo:${shiftB}`))).toHaveLength(2);
    // conservation: every tip is in the tips account or in a dealer's payable account, and the ledger sums to 0
    expect((await balance(`tips:${tableId}`)) + (await balance('tips-payable:d_anna')) + (await balance('tips-payable:d_bo'))).toBe(2_000);
    expect(await balance(`tips:${tableId}`)).toBe(200); // the tip no dealer was at the console for
    expect(await uow().run((tx) => tx.ledger.totals())).toEqual({ EUR: 0 });
    expect(await h.invariants()).toEqual([]);
    const rows = await report();
    expect(rows.find((r) => r.dealerId === 'd_anna')?.paid).toMatchObject({ amountMinor: 800, by: 'adm', reason: 'end of shift payroll' });
    expect(rows.find((r) => r.dealerId === 'd_bo')?.paid).toMatchObject({ amountMinor: 1_000 });
  });
});
