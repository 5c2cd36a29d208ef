import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootRoundsApp, type RoundsApp } from '../../../../test/support/studio-server/app-harness.js';
import { AuthService } from '../auth/auth.service.js';
import { PlayerFlagsModule } from './player-flags.module.js';

describe('flag a player over REST (issue 23): pit boss flags and lifts with a reason, staff read, audited, alerted', () => {
  let app: RoundsApp;
  const pit = (): string => app.token('pitboss1', 'pitboss');

  beforeAll(async () => {
    app = await bootRoundsApp({ imports: [PlayerFlagsModule] });
    await app.get(AuthService).createUser({ userId: 'fl_p1', username: 'fl-ann', name: 'Ann Flag', role: 'player', password: 'secret-password-1' });
  });
  afterAll(async () => {
    await app.close();
  });

  it('POST /integrity/flags flags the account; GET lists it for the pit boss and the admin; the audit log and the alerts have it', async () => {
    const r = await app.http('POST', '/integrity/flags', pit(), { playerId: 'fl_p1', reason: 'chip dumping to pk3 at Hold\'em 1' });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ playerId: 'fl_p1', name: 'Ann Flag', reason: "chip dumping to pk3 at Hold'em 1", by: 'pitboss1', lifted: null });
    for (const who of [pit(), app.token('admin1', 'admin')]) {
      const list = await app.http('GET', '/integrity/flags', who);
      expect(list.status).toBe(200);
      expect((list.body['flags'] as { playerId: string }[]).map((f) => f.playerId)).toEqual(['fl_p1']);
    }
    const audit = await fetch(`${app.url}/audit?target=player:fl_p1`, { headers: { authorization: `Bearer ${pit()}` } }).then((x) => x.json() as Promise<{ action: string; actor: string }[]>);
    expect(audit.map((a) => [a.action, a.actor])).toEqual([['player.flag', 'pitboss1']]);
    const alerts = await fetch(`${app.url}/alerts`, { headers: { authorization: `Bearer ${pit()}` } }).then((x) => x.json() as Promise<{ code: string; subject: string | null; message: string }[]>);
    const flagged = alerts.find((a) => a.code === 'PLAYER_FLAGGED');
    // the account is the alert's subject; what the pit boss reads names the player, not the internal id (issue 20)
    expect(flagged).toMatchObject({ subject: 'fl_p1' });
    expect(flagged?.message).toContain('Ann Flag');
    expect(flagged?.message).not.toContain('fl_p1');
  });

  it('the rules: a second flag 409, an unknown account 404, no reason 400, a player or a dealer may neither read nor flag (403)', async () => {
    expect((await app.http('POST', '/integrity/flags', pit(), { playerId: 'fl_p1', reason: 'again' })).body).toMatchObject({ code: 'PLAYER_ALREADY_FLAGGED' });
    const unknown = await app.http('POST', '/integrity/flags', pit(), { playerId: 'nobody', reason: 'x' });
    expect([unknown.status, unknown.body['code']]).toEqual([404, 'PLAYER_FLAG_UNKNOWN_PLAYER']);
    const bare = await app.http('POST', '/integrity/flags', pit(), { playerId: 'fl_p1', reason: '   ' });
    expect([bare.status, bare.body['code']]).toEqual([400, 'INVALID_INPUT']);
    expect((await app.http('GET', '/integrity/flags', app.token('fl_p1', 'player'))).status).toBe(403);
    expect((await app.http('GET', '/integrity/flags', app.token('dealer1', 'dealer'))).status).toBe(403);
    expect((await app.http('POST', '/integrity/flags', app.token('dealer1', 'dealer'), { playerId: 'fl_p1', reason: 'x' })).status).toBe(403);
  });

  it('POST /integrity/flags/:playerId/lift lifts it with a reason (audited); the history keeps it (all=1)', async () => {
    const lift = await app.http('POST', '/integrity/flags/fl_p1/lift', pit(), { reason: 'a household: the brothers share a flat' });
    expect(lift.status).toBe(200);
    expect(lift.body).toMatchObject({ playerId: 'fl_p1', lifted: { by: 'pitboss1', reason: 'a household: the brothers share a flat' } });
    expect((await app.http('GET', '/integrity/flags', pit())).body['flags']).toEqual([]);
    expect((await app.http('GET', '/integrity/flags?all=1', pit())).body['flags']).toHaveLength(1);
    expect((await app.http('POST', '/integrity/flags/fl_p1/lift', pit(), { reason: 'again' })).body).toMatchObject({ code: 'PLAYER_FLAG_NOT_FOUND' });
  });
});
