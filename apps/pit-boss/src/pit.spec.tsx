// @vitest-environment happy-dom
import type { Alert, DeviceStatusFrame, PendingRequest, Table } from '@felt-studio/client-sdk';
import { sicbo, type RoundLimits } from '@felt-studio/games';
import { keyPaths } from '@felt-studio/ui';
import { renderWithFelt, tableFixture } from '@felt-studio/ui/test-utils';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useQueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalsPanel } from './features/actions/ApprovalsPanel';
import { PlayerId } from './components/PlayerId';
import { RoundsScreen } from './features/rounds/RoundsScreen';
import { TableActions } from './features/actions/TableActions';
import { acknowledgedAlerts, activityFeed, byPriority, isDeviceFault, keepKnownAcks, mergeAlert, openAlerts } from './data/alerts.model';
import { useAcks } from './features/alerts/useAcks';
import { pitKeys, useAlertsFeed } from './data/usePitData';
import { AlertsPanel } from './features/alerts/AlertsPanel';
import { faultsOf, fromFirstActivity, seriesOf } from './features/charts/charts.model';
import { attentionOf, glance, isStalled, sortTiles, tileOf } from './data/floor.model';
import { FloorScreen } from './app/FloorScreen';
import { missingSeqs, outcomeText, replay, sourceOf } from './features/rounds/replay.model';
import { kernelFor } from './features/rounds/kernels';
import { pitEn } from './i18n/pit.en';
import { pitSv } from './i18n/pit.sv';
import { parseRoute, hrefOf } from './lib/router';

afterEach(() => cleanup());

const catalogues = { pit: { en: pitEn, sv: pitSv } };
const user = { userId: 'pitboss1', role: 'pitboss' as const, name: 'Pit Boss One' };

const table = (over: Partial<Table> & Pick<Table, 'tableId' | 'name' | 'game'>): Table =>
  tableFixture({ limits: { spots: {}, tableMinMinor: 100, tableMaxMinor: 200_000 }, betWindowS: 15, cadence: { auto: true, pauseS: 5 }, ...over });

const alert = (id: string, severity: Alert['severity'], at: number, over: Partial<Alert> = {}): Alert => ({ alertId: id, tableId: 'tbl_r', roundId: null, severity, code: 'DEVICE_FAULT', message: `alert ${id}`, at, ...over });

const voidReq: PendingRequest = { requestId: 'vrq_1', kind: 'void', tableId: 'tbl_r', roundId: 'rnd_0000000000abc123', by: 'dealer1', role: 'dealer', reason: 'ball left the wheel', at: Date.UTC(2026, 0, 1, 12) };

describe('i18n', () => {
  it('Swedish has exactly the English keys, and no value is empty', () => {
    expect(keyPaths(pitSv)).toEqual(keyPaths(pitEn));
    const values = (o: Record<string, unknown>): unknown[] => Object.values(o).flatMap((v) => (typeof v === 'object' && v !== null ? values(v as Record<string, unknown>) : [v]));
    expect(values(pitSv).every((v) => typeof v === 'string' && v.length > 0)).toBe(true);
  });
});

describe('floor model', () => {
  it('reads phase, deadline, players and stakes from a staff view with bets as an array or a record', () => {
    const bets = [
      { playerId: 'p1', stakeMinor: 500 },
      { playerId: 'p2', stakeMinor: 250 },
      { playerId: 'p1', stakeMinor: 100 },
    ];
    expect(glance({ phase: 'betting', bettingClosesAt: 42, bets }, 'r1')).toEqual({ roundId: 'r1', phase: 'betting', bettingClosesAt: 42, bets: 3, players: 2, stakeMinor: 850 });
    expect(glance({ phase: 'closed', bets: { a: bets[0], b: bets[1] } }, 'r2')).toMatchObject({ bets: 2, players: 2, stakeMinor: 750, bettingClosesAt: null });
    expect(glance(null, null)).toMatchObject({ phase: null, bets: 0 });
  });

  it('attention: a critical alert or a faulty device at an open table is critical; a request waiting is a warning; info is calm', () => {
    const ok = [{ deviceId: 'w', kind: 'wheel', state: 'online' as const, model: null, lastEventAt: null }];
    expect(attentionOf([alert('a', 'critical', 1)], [], ok, 'open')).toBe('critical');
    expect(attentionOf([], [], [{ ...ok[0]!, state: 'fault' }], 'open')).toBe('critical');
    expect(attentionOf([], [voidReq], ok, 'open')).toBe('warning');
    expect(attentionOf([alert('i', 'info', 1)], [], ok, 'open')).toBe('calm');
    expect(attentionOf([], [], [{ ...ok[0]!, state: 'offline' }], 'closed')).toBe('calm');
  });

  it('sorts tiles: needing attention first, then open tables, then by name', () => {
    const a = tileOf(table({ tableId: 't1', name: 'A' }), null, null, [], null, [], []);
    const b = tileOf(table({ tableId: 't2', name: 'B', status: 'closed' }), null, null, [], null, [], []);
    const c = tileOf(table({ tableId: 'tbl_r', name: 'C' }), null, null, [], null, [alert('x', 'critical', 1)], []);
    expect(sortTiles([b, a, c]).map((x) => x.table.name)).toEqual(['C', 'A', 'B']);
  });
});

describe('alerts model', () => {
  it('most urgent first, then newest; merging a live alert twice keeps one', () => {
    const list = [alert('1', 'info', 30), alert('2', 'critical', 10), alert('3', 'warning', 20), alert('4', 'critical', 40)];
    expect(byPriority(list).map((a) => a.alertId)).toEqual(['4', '2', '3', '1']);
    const merged = mergeAlert(mergeAlert([], list[0]!), list[0]!);
    expect(merged).toHaveLength(1);
  });
  it('device faults: device codes at warning or worse; a shoe inserted (info) is not a fault', () => {
    expect(isDeviceFault({ code: 'DEVICE_FAULT', severity: 'critical' })).toBe(true);
    expect(isDeviceFault({ code: 'WHEEL_POWERED_DOWN', severity: 'warning' })).toBe(true);
    expect(isDeviceFault({ code: 'SHOE_INSERTED', severity: 'info' })).toBe(false);
    expect(isDeviceFault({ code: 'VOID_REQUESTED', severity: 'warning' })).toBe(false);
  });
});

describe('charts model', () => {
  it('rows per bucket with one value per table (major units), quiet hours trimmed, faults bucketed', () => {
    const days = [
      { tableId: 'a', currency: 'EUR', rounds: 2, voided: 0, stakedMinor: 900, holdMinor: 150, buckets: [{ at: 0, rounds: 0, stakedMinor: 0, holdMinor: 0 }, { at: 3_600_000, rounds: 0, stakedMinor: 0, holdMinor: 0 }, { at: 7_200_000, rounds: 2, stakedMinor: 900, holdMinor: 150 }] },
      { tableId: 'b', currency: 'EUR', rounds: 0, voided: 0, stakedMinor: 0, holdMinor: 0, buckets: [{ at: 0, rounds: 0, stakedMinor: 0, holdMinor: 0 }, { at: 3_600_000, rounds: 0, stakedMinor: 0, holdMinor: 0 }, { at: 7_200_000, rounds: 0, stakedMinor: 0, holdMinor: 0 }] },
    ];
    const rows = seriesOf(days, 'holdMinor', (m) => m / 100);
    expect(rows[2]).toEqual({ at: 7_200_000, a: 1.5, b: 0 });
    expect(fromFirstActivity(rows, (r) => r.at === 7_200_000).map((r) => r.at)).toEqual([3_600_000, 7_200_000]);
    const f = faultsOf([alert('1', 'critical', 3_700_000), alert('2', 'warning', 3_800_000), alert('3', 'info', 3_900_000, { code: 'SHOE_INSERTED' })], 0, 7_200_000, 3_600_000);
    expect(f).toEqual([{ at: 0, faults: 0 }, { at: 3_600_000, faults: 2 }]);
  });
});

describe('replay (through the game kernel)', () => {
  it('folds a sic bo round event by event: phase, bets and stakes after every step', () => {
    const k = sicbo.sicboKernel;
    const limits: RoundLimits = { spots: {}, tableMinMinor: 100, tableMaxMinor: 100_000 };
    const commands = [
      { type: 'OpenRound', at: 1000, roundId: 'rnd_1', tableId: 'tbl_s', profileId: 'standard', bettingClosesAt: 16_000, limits },
      { type: 'PlaceBet', at: 2000, bet: { betId: 'b1', playerId: 'p1', spot: 'big', stakeMinor: 500 } },
      { type: 'PlaceBet', at: 3000, bet: { betId: 'b2', playerId: 'p2', spot: 'small', stakeMinor: 200 } },
      { type: 'CloseBetting', at: 16_000, reason: 'deadline' },
      { type: 'RecordDiceResult', at: 20_000, dice: [4, 5, 6] },
    ] as const;
    let state = k.initial();
    const events: { seq: number; type: string; at: number; payload: unknown }[] = [];
    for (const c of commands) {
      const d = k.decide(state, c as never);
      if (!d.ok) throw new Error(d.violation.message);
      for (const e of d.events) {
        state = k.evolve(state, e);
        events.push({ seq: events.length + 1, type: e.type, at: e.at, payload: e });
      }
    }
    expect(kernelFor('sicbo')).toBe(k);
    const steps = replay(k, 'rnd_1', [...events].reverse());
    expect(steps.map((s) => s.event.seq)).toEqual(events.map((e) => e.seq));
    expect(steps[0]?.glance).toMatchObject({ phase: 'betting', bets: 0 });
    expect(steps[2]?.glance).toMatchObject({ bets: 2, players: 2, stakeMinor: 700 });
    expect(steps.at(-1)?.glance.phase).toBe(state.phase);
    expect(outcomeText(steps.at(-1)?.view)).toBe('4 5 6');
    expect(outcomeText(steps[0]?.view)).toBeNull();
    expect(outcomeText({ result: { number: 17, colour: 'black' } })).toBe('17 black');
    expect(outcomeText({ cards: [{ card: '9H' }, { card: 'TD' }], result: { winner: 'player', natural: true } })).toBe('9H TD — winner player · natural true');
    expect(missingSeqs(events)).toEqual([]);
    expect(missingSeqs([{ seq: 1 }, { seq: 4 }])).toEqual([2, 3]);
  });

  it('names the source of an event: device (causation), manual entry, player, dealer, pit boss, server clock', () => {
    expect(sourceOf({ type: 'SpinResultRecorded', payload: {}, causationId: 'dev:wheel-1:17' })).toEqual({ source: 'device', who: 'wheel-1' });
    expect(sourceOf({ type: 'DiceRecorded', payload: { enteredBy: 'dealer1', approvedBy: 'pitboss1' } })).toEqual({ source: 'manual', who: 'dealer1' });
    expect(sourceOf({ type: 'BetAccepted', payload: { bet: { playerId: 'p1' } } })).toEqual({ source: 'player', who: 'p1' });
    expect(sourceOf({ type: 'BettingClosed', payload: { reason: 'dealer' } }).source).toBe('dealer');
    expect(sourceOf({ type: 'BettingClosed', payload: { reason: 'deadline' } }).source).toBe('server');
    expect(sourceOf({ type: 'RoundVoided', payload: { by: 'pitboss1' } })).toEqual({ source: 'pitboss', who: 'pitboss1' });
  });

  it('routes: every screen has a hash that parses back to it', () => {
    for (const r of [{ name: 'floor' }, { name: 'table', tableId: 'tbl_1' }, { name: 'round', roundId: 'rnd_1' }, { name: 'charts' }, { name: 'integrity' }, { name: 'audit' }] as const) expect(parseRoute(hrefOf(r))).toEqual(r);
    expect(parseRoute('#/rounds?tableId=t1').name).toBe('rounds');
  });
});

describe('table grid (component)', () => {
  it('shows every table as a named article with game, status, phase, players, stakes, hold, devices — the urgent one first', () => {
    const roulette = table({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette', devices: [{ deviceId: 'wheel-1', kind: 'wheel' }] });
    const bacc = table({ tableId: 'tbl_b', name: 'Baccarat 1', game: 'baccarat', devices: [{ deviceId: 'shoe-1', kind: 'shoe' }] });
    const health: DeviceStatusFrame[] = [{ tableId: 'tbl_r', deviceId: 'wheel-1', status: { state: 'fault', model: 'ss2', firmware: null, configHash: null, at: 1 }, lastSeq: 3, lastEventAt: 1 }];
    const day = { tableId: 'tbl_b', currency: 'EUR', rounds: 12, voided: 1, stakedMinor: 10_000, holdMinor: 1_234, buckets: [] };
    const tiles = sortTiles([
      tileOf(bacc, { phase: 'betting', bettingClosesAt: null, bets: [{ playerId: 'p1', stakeMinor: 500 }] }, 'rnd_b', [], day, [], [], [{ userId: 'dealer2', name: 'Dealer Two', since: 1 }]),
      tileOf(roulette, { phase: 'closed', bets: [] }, 'rnd_r', health, null, [], []),
    ]);
    renderWithFelt(<FloorScreen tiles={tiles} alerts={[]} onAck={() => undefined} soundOn onToggleSound={() => undefined} tableName={(id) => id ?? ''} />, { catalogues, user });
    const grid = screen.getByRole('region', { name: 'All tables' });
    const articles = within(grid).getAllByRole('article');
    expect(articles.map((a) => within(a).getByRole('heading').textContent)).toEqual(['Roulette 1', 'Baccarat 1']);
    const r = within(grid).getByRole('article', { name: 'Roulette 1' });
    expect(within(r).getByText('Critical')).toBeTruthy();
    expect(within(r).getByRole('list', { name: 'Devices' }).textContent).toContain('Wheel: Fault');
    const b = within(grid).getByRole('article', { name: 'Baccarat 1' });
    expect(within(b).getByText('Place your bets')).toBeTruthy();
    expect(within(b).getByText('€12.34')).toBeTruthy();
    expect(within(b).getByText('12')).toBeTruthy();
    expect(within(b).getByText('€5.00')).toBeTruthy();
    expect(within(b).getByRole('button', { name: 'Open table Baccarat 1' })).toBeTruthy();
    // Who deals at each table (the server's presence): named when signed in at the console.
    expect(within(b).getByText('Dealer').nextElementSibling?.textContent).toBe('Dealer Two');
    expect(within(r).getByText('Dealer').nextElementSibling?.textContent).toBe('not signed in');
    expect(screen.getByText(/2 of 2 tables open · 1 players/)).toBeTruthy();
  });
});

describe('alert priority (component)', () => {
  it('lists critical alerts first, announces the newest critical one assertively, and acknowledges', () => {
    const acked: string[][] = [];
    const alerts = [alert('w', 'warning', 50, { message: 'seq gap' }), alert('c', 'critical', 10, { message: 'wheel fault' }), alert('i', 'info', 90, { message: 'shoe in' })];
    renderWithFelt(<AlertsPanel alerts={alerts} tableName={() => 'Roulette 1'} onAck={(ids) => acked.push([...ids])} soundOn onToggleSound={() => undefined} />, { catalogues, user });
    const list = screen.getByRole('list', { name: 'Live alerts' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/Critical|Warning|Info/).textContent)).toEqual(['Critical', 'Warning', 'Info']);
    expect(screen.getAllByRole('alert').some((el) => el.textContent === 'New critical alert: wheel fault')).toBe(true);
    fireEvent.click(within(items[0]!).getByRole('button', { name: 'Acknowledge' }));
    expect(acked).toEqual([['c']]);
    fireEvent.click(screen.getByRole('button', { name: 'Acknowledge all' }));
    expect(acked[1]).toEqual(['c', 'w', 'i']);
    expect(screen.getByRole('button', { name: 'Sound on' }).getAttribute('aria-pressed')).toBe('true');
  });
});

/** Alert c as the server answers its acknowledgement: the first pit boss to acknowledge it (Pit Boss Two). */
const ACKED_C: Alert = { ...alert('c', 'critical', 10), ack: { by: 'pitboss2', byName: 'Pit Boss Two', at: 99, note: null } };

/** The shared alerts feed as text (`id:who acknowledged`), with a button to acknowledge alert c and one to fetch the feed again. */
function AckProbe() {
  const { ack } = useAcks();
  const alerts = useAlertsFeed(false);
  const qc = useQueryClient();
  return (
    <>
      <button type="button" onClick={() => void qc.invalidateQueries({ queryKey: pitKeys.alerts })}>
        refetch
      </button>
      <button type="button" onClick={() => ack(['c'])}>
        ack
      </button>
      <p>{(alerts.data ?? []).map((a) => `${a.alertId}:${a.ack?.byName ?? 'open'}`).join(',')}</p>
    </>
  );
}

describe('alert acknowledgement on the server (component)', () => {
  it('acknowledging sends it to the server and moves the alert out of the open list; every pit boss sees who acknowledged', async () => {
    const acked = { ...alert('w', 'warning', 50), ack: { by: 'pitboss2', byName: 'Pit Boss Two', at: Date.UTC(2026, 0, 1, 12, 5), note: null } };
    renderWithFelt(<AlertsPanel alerts={[alert('c', 'critical', 10)]} acknowledged={[acked]} tableName={() => 'Roulette 1'} onAck={() => undefined} soundOn onToggleSound={() => undefined} />, { catalogues, user });
    fireEvent.click(screen.getByText('Acknowledged (1)'));
    const list = screen.getByRole('list', { name: 'Acknowledged' });
    expect(within(list).getByText(/^Acknowledged by Pit Boss Two at /)).toBeTruthy();
    expect(openAlerts([alert('c', 'critical', 10), acked]).map((a) => a.alertId)).toEqual(['c']);
    expect(acknowledgedAlerts([alert('c', 'critical', 10), acked]).map((a) => a.alertId)).toEqual(['w']);
  });

  it('useAcks: posts the acknowledgement and keeps the server’s answer (the first pit boss’s) in the shared cache', async () => {
    const { api } = renderWithFelt(<AckProbe />, { catalogues, user, routes: { '/alerts': [alert('c', 'critical', 10)] } });
    const post = vi.spyOn(api, 'acknowledgeAlert').mockResolvedValue(ACKED_C);
    await screen.findByText('c:open');
    fireEvent.click(screen.getByRole('button', { name: 'ack' }));
    expect(post).toHaveBeenCalledWith('c');
    await screen.findByText('c:Pit Boss Two');
  });
});

describe('alerts cache: a fetch that left before an acknowledgement (issue 19: the flaky browser test)', () => {
  it('keepKnownAcks: a cached acknowledgement survives a fetched copy without one; the fetched word wins otherwise', () => {
    const ack = { by: 'pitboss1', byName: 'Pit Boss One', at: 5, note: null };
    const other = { by: 'pitboss2', byName: 'Pit Boss Two', at: 4, note: null };
    expect(keepKnownAcks([alert('a', 'warning', 1), alert('b', 'warning', 2)], [{ ...alert('a', 'warning', 1), ack }]).map((a) => a.ack ?? null)).toEqual([ack, null]);
    expect(keepKnownAcks([{ ...alert('a', 'warning', 1), ack: other }], [{ ...alert('a', 'warning', 1), ack }])[0]?.ack).toEqual(other);
    expect(keepKnownAcks([alert('a', 'warning', 1)], undefined)).toEqual([alert('a', 'warning', 1)]);
  });

  it('an alert acknowledged while a refetch is in flight stays acknowledged when the stale answer lands', async () => {
    const { api } = renderWithFelt(<AckProbe />, { catalogues, user, routes: { '/alerts': [alert('c', 'critical', 10)] } });
    await screen.findByText('c:open');
    // the next fetch leaves now and answers only later, with the list from before the acknowledgement
    let answer: (v: Alert[]) => void = () => undefined;
    vi.spyOn(api, 'alerts').mockImplementation(() => new Promise<Alert[]>((r) => (answer = r)));
    vi.spyOn(api, 'acknowledgeAlert').mockResolvedValue(ACKED_C);
    fireEvent.click(screen.getByRole('button', { name: 'refetch' }));
    fireEvent.click(screen.getByRole('button', { name: 'ack' }));
    await screen.findByText('c:Pit Boss Two');
    answer([alert('c', 'critical', 10)]);
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.getByText(/^c:/).textContent).toBe('c:Pit Boss Two');
  });
});

describe('approval dialogs (component): a reason is required', () => {
  it('approve a void: without a reason nothing is sent; with one, the approval goes out with it', async () => {
    const { api } = renderWithFelt(<ApprovalsPanel requests={[voidReq]} tableName={() => 'Roulette 1'} />, { catalogues, user });
    const approve = vi.spyOn(api, 'approveVoid').mockResolvedValue({ roundId: voidReq.roundId, seq: 9, phase: 'void', events: [], duplicate: false });
    expect(screen.getByText('Reason given: ball left the wheel')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve void of round …abc123' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('A reason is required.');
    expect(within(dialog).getByLabelText('Reason (recorded in the audit log)').getAttribute('aria-invalid')).toBe('true');
    expect(approve).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(approve).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'seen on camera 2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(approve).toHaveBeenCalledWith('tbl_r', 'vrq_1', 'seen on camera 2'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('deny a manual entry with a reason; a server rejection stays in the dialog with its code and rule', async () => {
    const manual: PendingRequest = { ...voidReq, requestId: 'mrq_1', kind: 'manual', command: { type: 'RecordDiceResult', dice: [1, 2, 3] } };
    const { api } = renderWithFelt(<ApprovalsPanel requests={[manual]} tableName={() => 'Sic Bo 1'} />, { catalogues, user });
    const deny = vi.spyOn(api, 'denyRequest').mockRejectedValueOnce({ code: 'SELF_APPROVAL', ruleId: 'GEN-6', message: 'Nobody approves their own request.' });
    expect(screen.getByText('Entered: dice 1 · 2 · 3')).toBeTruthy(); // in words, for the person who signs it off
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    const dialog = screen.getByRole('dialog', { name: 'Deny manual entry for round …abc123' });
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'dice not visible' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deny' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('GEN-6'));
    expect(deny).toHaveBeenCalledWith('tbl_r', 'mrq_1', 'dice not visible');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('a hand-entered roulette number reads as the dealer saw the spin', () => {
    const manual: PendingRequest = { ...voidReq, requestId: 'mrq_2', kind: 'manual', command: { type: 'RecordSpinResult', spin: 7, number: 17, revolutions: 5, ballDirection: 'ccw', wheelDirection: 'cw' } };
    renderWithFelt(<ApprovalsPanel requests={[manual]} tableName={() => 'Roulette 1'} />, { catalogues, user });
    expect(screen.getByText('Entered: number 17 (spin 7: 5 ball revolutions, ball anticlockwise, wheel clockwise)')).toBeTruthy();
  });

  it('table status change and the ROU-7 pre-open check also need a reason', async () => {
    const t = table({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette', status: 'closed' });
    const { api } = renderWithFelt(<TableActions table={t} hasRound={false} />, { catalogues, user });
    const setStatus = vi.spyOn(api, 'setTableStatus').mockResolvedValue({ ...t, status: 'paused' });
    const check = vi.spyOn(api, 'preOpenCheck').mockResolvedValue(t);
    expect(screen.getByText('Pre-open check not done (ROU-7)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    let dialog = screen.getByRole('dialog', { name: 'Set Roulette 1 to “Paused”' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(setStatus).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'dealer break' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(setStatus).toHaveBeenCalledWith('tbl_r', 'paused', 'dealer break'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Pre-open check' }));
    dialog = screen.getByRole('dialog', { name: 'Pre-open check of Roulette 1 (ROU-7)' });
    for (const name of ['Table surface and layout', 'Wheel is level', 'Wheel runs freely', 'Ball checked']) fireEvent.click(within(dialog).getByRole('checkbox', { name }));
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'morning check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(check).toHaveBeenCalledWith('tbl_r', { checks: ['table', 'wheel-level', 'free-running', 'ball'], note: 'morning check' }));
  });

  it('a round stalled in play (PLAY_STALLED) offers "Resume play" next to void; it needs a reason and goes out through the SDK', async () => {
    const t = table({ tableId: 'tbl_s', name: 'Sic Bo 1', game: 'sicbo' });
    const stalledAlert = alert('al_s', 'warning', 1, { tableId: 'tbl_s', roundId: 'rnd_s', code: 'PLAY_STALLED' });
    const round = { roundId: 'rnd_s', phase: 'closed', bettingClosesAt: null, bets: 2, players: 1, stakeMinor: 200 };
    expect(isStalled([stalledAlert], round)).toBe(true);
    expect(isStalled([stalledAlert], { ...round, phase: 'settled' })).toBe(false); // resolved since: nothing owed
    expect(isStalled([{ ...stalledAlert, roundId: 'rnd_old' }], round)).toBe(false); // an older round's alert
    expect(isStalled([], round)).toBe(false);
    // Not stalled: no resume button.
    const calm = renderWithFelt(<TableActions table={t} hasRound stalled={false} />, { catalogues, user });
    expect(screen.queryByRole('button', { name: 'Resume play' })).toBeNull();
    calm.unmount();
    const { api } = renderWithFelt(<TableActions table={t} hasRound stalled />, { catalogues, user });
    const resume = vi.spyOn(api, 'resumePlay').mockResolvedValue({ roundId: 'rnd_s', seq: 7, phase: 'closed', events: [], duplicate: false });
    expect(screen.getByText('Play stalled: the round is waiting for its device past the deadline. Resume play or void the round.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Void round' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resume play' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume play of the stalled round at Sic Bo 1' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(resume).not.toHaveBeenCalled();
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'shaker re-plugged' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(resume).toHaveBeenCalledWith('tbl_s', 'shaker re-plugged'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('resume play refused by the server (ROUND_NOT_STALLED) stays in the dialog with its code', async () => {
    const t = table({ tableId: 'tbl_s', name: 'Sic Bo 1', game: 'sicbo' });
    const { api } = renderWithFelt(<TableActions table={t} hasRound stalled />, { catalogues, user });
    vi.spyOn(api, 'resumePlay').mockRejectedValueOnce({ code: 'ROUND_NOT_STALLED', ruleId: 'GEN-6', message: 'The round is not stalled: there is nothing to resume.' });
    fireEvent.click(screen.getByRole('button', { name: 'Resume play' }));
    const dialog = screen.getByRole('dialog', { name: 'Resume play of the stalled round at Sic Bo 1' });
    fireEvent.change(within(dialog).getByLabelText('Reason (recorded in the audit log)'), { target: { value: 'check' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toContain('GEN-6'));
  });
});

describe('player ids (component, issue 20 defect 1)', () => {
  it('flags a demo robot\'s account as a robot and a person\'s not', () => {
    renderWithFelt(
      <ul>
        <li aria-label="a">
          <PlayerId playerId="bot_robot1" />
        </li>
        <li aria-label="b">
          <PlayerId playerId="player1" />
        </li>
      </ul>,
      { catalogues, lng: 'en' },
    );
    expect(screen.getByRole('listitem', { name: 'a' }).textContent).toBe('bot_robot1 Robot');
    expect(screen.getByRole('listitem', { name: 'b' }).textContent).toBe('player1');
  });
});

describe('round search (component, issue 20 defect 7)', () => {
  it('lists a voided round as "Voided" with its bets and stakes', async () => {
    const rows = [{ roundId: 'rnd_0000000000000v01', tableId: 'tbl_r', game: 'roulette', phase: 'void', seq: 9, openedAt: Date.UTC(2026, 0, 1, 12), updatedAt: Date.UTC(2026, 0, 1, 12), bets: 3, players: 2, stakedMinor: 1500, holdMinor: 0 }];
    renderWithFelt(<RoundsScreen query={new URLSearchParams()} tables={[table({ tableId: 'tbl_r', name: 'Roulette 1', game: 'roulette' })]} />, { catalogues, user, routes: { '/rounds/search': rows } });
    const row = (await screen.findByText('Voided')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3')).toBeTruthy();
    expect(within(row).getByText('€15.00')).toBeTruthy();
  });
});

describe('alerts model: activity, groups, self-resolution, escalation (issue 20 defect 8)', () => {
  it('information is activity, never open; resolved alerts close; a pushed update replaces the alert under its id', () => {
    const shoes = Array.from({ length: 100 }, (_, i) => alert(`s${i}`, 'info', 1000 + i, { code: 'SHOE_INSERTED' }));
    const voidReq = alert('v', 'warning', 500, { code: 'VOID_REQUESTED' });
    const resolved = alert('d', 'warning', 400, { code: 'DEVICE_OFFLINE', resolvedAt: 900 });
    const all = [...shoes, voidReq, resolved];
    expect(openAlerts(all).map((a) => a.alertId)).toEqual(['v']);
    expect(activityFeed(all)).toHaveLength(30);
    expect(activityFeed(all)[0]?.alertId).toBe('s99');
    expect(acknowledgedAlerts(all).map((a) => a.alertId)).toEqual(['d']);
    const grouped = mergeAlert([voidReq], { ...voidReq, count: 3, lastAt: 800 });
    expect(grouped).toEqual([expect.objectContaining({ alertId: 'v', count: 3 })]);
  });

  it('the panel shows a grouped alert once with its count, an escalated one marked, and information in a separate activity feed', () => {
    const alerts = [alert('g', 'critical', 50, { code: 'DEVICE_RESULT_OUT_OF_PHASE', count: 7, lastAt: 90, escalatedAt: 80 })];
    const activity = [alert('i', 'info', 60, { code: 'SHOE_INSERTED', message: 'Shoe shoe-1 inserted' })];
    renderWithFelt(<AlertsPanel alerts={alerts} activity={activity} tableName={() => 'Baccarat 1'} onAck={() => undefined} soundOn onToggleSound={() => undefined} />, { catalogues, user });
    const live = within(screen.getByRole('list', { name: 'Live alerts' })).getAllByRole('listitem');
    expect(live).toHaveLength(1);
    expect(within(live[0]!).getByText('×7')).toBeTruthy();
    expect(within(live[0]!).getByText('Escalated: not acknowledged in time')).toBeTruthy();
    expect(screen.getByText('1 open')).toBeTruthy();
    fireEvent.click(screen.getByText('Activity (1)'));
    expect(within(screen.getByRole('list', { name: 'Activity' })).getByText(/Shoe shoe-1 inserted/)).toBeTruthy();
  });
});
