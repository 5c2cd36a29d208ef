import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { Alert, TablePresence } from '@felt-studio/protocol';
import { AlertsService } from '../alerts/alerts.service.js';
import { AuditService } from '../audit/audit.service.js';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { connect, send, socketsOf } from '../../../../test/support/studio-server/frames.js';

/** The next frame `name` on `s` that matches `pred`. */
const next = <T>(s: Socket, name: string, pred: (f: T) => boolean): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${name}`)), 5_000);
    const h = (f: T): void => {
      if (!pred(f)) return;
      clearTimeout(timer);
      s.off(name, h);
      resolve(f);
    };
    s.on(name, h);
  });

describe('presence: players at a table and the dealer at its console (issue 7)', () => {
  let app: RoundsApp;
  let tableId = '';
  const { open, closeAll } = socketsOf(() => app);
  beforeAll(async () => {
    app = await bootRoundsApp();
    tableId = await app.openSicBoTable('Presence Sic Bo');
  });
  afterAll(async () => {
    closeAll();
    await app.close();
  });

  it('counts players with the table open — not lobby glances, one per player however many tabs — live to the lobby, without staff identities', async () => {
    const lobby = await open('p9', 'player');
    expect((await send(lobby, 'table.join', { tableId })).ok).toBe(true); // the lobby joins to show phase and timer
    const a1 = await open('p1', 'player');
    const a2 = await open('p1', 'player'); // the same player in a second tab
    const b = await open('p2', 'player');

    const one = next<TablePresence>(lobby, 'table.presence', (p) => p.tableId === tableId && p.players === 1);
    const ack = await send(a1, 'table.presence', { tableId, present: true });
    expect(ack).toEqual({ ok: true, result: { tableId, players: 1 } });
    expect(await one).toEqual({ tableId, players: 1 }); // no `dealers` for a player
    expect((await send(a2, 'table.presence', { tableId, present: true })).ok).toBe(true);
    const two = next<TablePresence>(lobby, 'table.presence', (p) => p.players === 2);
    expect((await send(b, 'table.presence', { tableId, present: true })).ok).toBe(true);
    await two;

    const rest = await app.http('GET', '/presence', app.token('p9', 'player'));
    expect(rest.body).toEqual([{ tableId, players: 2 }]);

    // p1 closes one tab: still there; closes the other: gone. p2 leaves the table view.
    a1.disconnect();
    const down = next<TablePresence>(lobby, 'table.presence', (p) => p.players === 1);
    a2.disconnect();
    await down;
    const zero = next<TablePresence>(lobby, 'table.presence', (p) => p.players === 0);
    expect((await send(b, 'table.presence', { tableId, present: false })).ok).toBe(true);
    await zero;
  });

  it('refuses presence from staff and for an unknown table', async () => {
    const dealer = await open('dealer5', 'dealer');
    expect(await send(dealer, 'table.presence', { tableId, present: true })).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    const p = await open('p3', 'player');
    expect(await send(p, 'table.presence', { tableId: 'tbl_nope', present: true })).toMatchObject({ ok: false, error: { code: 'TABLE_NOT_FOUND' } });
    expect(await send(p, 'table.presence', { tableId })).toMatchObject({ ok: false, error: { code: 'INVALID_INPUT' } });
  });

  it('records which dealer is at which table’s console: pit bosses see it live and on REST, the audit log keeps in and out', async () => {
    const pit = await open('pitboss1', 'pitboss');
    const seen = next<TablePresence>(pit, 'table.presence', (p) => p.tableId === tableId && (p.dealers ?? []).some((d) => d.userId === 'dealer1'));
    const dealer = await open('dealer1', 'dealer');
    expect((await send(dealer, 'table.join', { tableId })).ok).toBe(true);
    expect((await seen).dealers).toEqual([expect.objectContaining({ userId: 'dealer1', name: 'dealer1' })]);

    const rest = await app.http('GET', '/presence', app.token('pitboss1', 'pitboss'));
    expect(rest.body).toEqual([expect.objectContaining({ tableId, dealers: [expect.objectContaining({ userId: 'dealer1' })] })]);
    const player = await app.http('GET', '/presence', app.token('p1', 'player'));
    expect(player.body).toEqual([{ tableId, players: 0 }]); // players never see who deals

    const gone = next<TablePresence>(pit, 'table.presence', (p) => p.tableId === tableId && (p.dealers ?? []).length === 0);
    dealer.disconnect();
    await gone;
    const audit = await app.get(AuditService).list(100, tableId);
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['table.dealer-in', 'table.dealer-out']));
    expect(audit.find((a) => a.action === 'table.dealer-in')).toMatchObject({ actor: 'dealer1', role: 'dealer' });
  });
});

describe.each([['in-memory', { kind: 'memory' } as const], ['PGlite', { kind: 'pglite', dataDir: null } as const]])('alert acknowledgement on the server (issue 7, %s)', (_name, database) => {
  let app: RoundsApp;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    app = await bootRoundsApp({ config: { database } });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await app.close();
  });

  it('stores who acknowledged and when, audits it, pushes it to every pit boss; the first acknowledgement stays', async () => {
    const other = await connect(app.url, app.token('pitboss2', 'pitboss'));
    sockets.push(other);
    const alert = await app.get(AlertsService).raise({ tableId: 'tbl_x', severity: 'warning', code: 'PIT_BOSS_CALLED', message: 'help' });
    expect(alert.ack).toBeNull();

    const live = next<Alert>(other, 'alert.ack', (a) => a.alertId === alert.alertId);
    const r = await app.http('POST', `/alerts/${alert.alertId}/ack`, app.token('pitboss1', 'pitboss'), { note: 'on my way' });
    expect(r.status).toBe(200);
    expect(r.body['ack']).toMatchObject({ by: 'pitboss1', byName: 'pitboss1', note: 'on my way' });
    expect((await live).ack).toMatchObject({ by: 'pitboss1' });

    const list = await app.http('GET', '/alerts', app.token('pitboss2', 'pitboss'));
    expect((list.body as unknown as Alert[]).find((a) => a.alertId === alert.alertId)?.ack).toMatchObject({ by: 'pitboss1' });

    const again = await app.http('POST', `/alerts/${alert.alertId}/ack`, app.token('pitboss2', 'pitboss'), {});
    expect(again.body['ack']).toMatchObject({ by: 'pitboss1' }); // idempotent: the first acknowledgement stays
    const audit = await app.get(AuditService).list(100, alert.alertId);
    expect(audit).toEqual([expect.objectContaining({ action: 'alert.ack', actor: 'pitboss1', reason: 'on my way' })]);
  });

  it('an unknown alert is ALERT_NOT_FOUND; a player or dealer may not acknowledge; a bad body changes nothing', async () => {
    expect(await app.http('POST', '/alerts/alr_nope/ack', app.token('pitboss1', 'pitboss'), {})).toMatchObject({ status: 404, body: { code: 'ALERT_NOT_FOUND' } });
    const alert = await app.get(AlertsService).raise({ severity: 'info', code: 'X', message: 'x' });
    expect(await app.http('POST', `/alerts/${alert.alertId}/ack`, app.token('dealer1', 'dealer'), {})).toMatchObject({ status: 403 });
    expect(await app.http('POST', `/alerts/${alert.alertId}/ack`, app.token('pitboss1', 'pitboss'), { note: 7 })).toMatchObject({ status: 400, body: { code: 'INVALID_INPUT' } });
    expect((await app.get(AlertsService).list(10)).find((a) => a.alertId === alert.alertId)?.ack).toBeNull();
  });
});
