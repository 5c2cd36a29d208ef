import { expect } from 'vitest';
import { DeviceCredentialsService } from '../../../apps/studio-server/src/mqtt/device-credentials.js';
import type { TestApp } from './test-app.js';
import { AuthService } from '../../../apps/studio-server/src/auth/auth.service.js';
import { USERS_REPOSITORY, type UsersRepository } from '../../../apps/studio-server/src/auth/users.repository.js';
import { TOTP_REPOSITORY, type TotpRepository } from '../../../apps/studio-server/src/auth/totp.js';
import { LAUNCH_CODES, type LaunchCodes } from '../../../apps/studio-server/src/auth/launch-codes.js';

/** The SQL side of issue 9 (findings 1 and 9), run on PGlite (unit) and PostgreSQL (integration). */
export async function trustStorageContract(t: TestApp): Promise<void> {
  const auth = t.get(AuthService);
  const repo = t.get<UsersRepository>(USERS_REPOSITORY);
  await auth.createUser({ userId: 'u1', username: 'una', name: 'Una', role: 'dealer', password: 'long-enough-pw' });
  expect(await repo.get('u1')).toMatchObject({ disabled: false, tokenVersion: 0 });
  expect(await repo.setDisabled('u1', true)).toBe(true);
  expect(await repo.bumpTokenVersion('u1')).toBe(1);
  expect(await repo.get('u1')).toMatchObject({ disabled: true, tokenVersion: 1 });
  expect(await repo.setDisabled('nobody', true)).toBe(false);
  expect(await repo.bumpTokenVersion('nobody')).toBeNull();
  // Refresh-token families: compare-and-set rotation; a spent or foreign token is "reused" / "unknown".
  await repo.createRefreshFamily('rtf_a', 'u1', 'j1', 1);
  expect(await repo.rotateRefresh('rtf_a', 'u1', 'j1', 'j2', 2)).toBe('rotated');
  expect(await repo.rotateRefresh('rtf_a', 'u1', 'j1', 'j3', 3)).toBe('reused');
  expect(await repo.rotateRefresh('rtf_a', 'u2', 'j2', 'j3', 3)).toBe('unknown');
  expect(await repo.rotateRefresh('rtf_none', 'u1', 'j2', 'j3', 3)).toBe('unknown');
  expect(await repo.revokeRefreshFamily('rtf_a', 4)).toBe(true);
  expect(await repo.revokeRefreshFamily('rtf_a', 5)).toBe(false);
  expect(await repo.rotateRefresh('rtf_a', 'u1', 'j2', 'j3', 6)).toBe('reused');
  // Staff TOTP (issue 22 §8): a pending secret is replaced, an enabled one is not; a step is used once (compare-and-set).
  const totp = t.get<TotpRepository>(TOTP_REPOSITORY);
  expect(await totp.putPending('u1', 'SECRETA', 1)).toBe(true);
  expect(await totp.putPending('u1', 'SECRETB', 2)).toBe(true);
  expect(await totp.get('u1')).toEqual({ userId: 'u1', secret: 'SECRETB', enabled: false, lastStep: -1 });
  await totp.enable('u1', 3);
  expect(await totp.putPending('u1', 'SECRETC', 4)).toBe(false);
  expect(await totp.useStep('u1', 100, 5)).toBe(true);
  expect(await totp.useStep('u1', 100, 6)).toBe(false);
  expect(await totp.useStep('u1', 99, 6)).toBe(false);
  expect(await totp.useStep('u1', 101, 7)).toBe(true);
  expect(await totp.get('u1')).toMatchObject({ secret: 'SECRETB', enabled: true, lastStep: 101 });
  expect(await totp.remove('u1')).toBe(true);
  expect(await totp.remove('u1')).toBe(false);
  expect(await totp.useStep('u1', 200, 8)).toBe(false);
  // Launch codes (issue 22 §16): taken once, never after they expired.
  const launches = t.get<LaunchCodes>(LAUNCH_CODES);
  await launches.put('h1', { userId: 'u1', tableId: 'tbl_1' }, 1_000);
  await launches.put('h2', { userId: 'u1', tableId: null }, 1_000);
  expect(await launches.take('h1', 900)).toEqual({ userId: 'u1', tableId: 'tbl_1' });
  expect(await launches.take('h1', 900)).toBeNull();
  expect(await launches.take('h2', 1_001)).toBeNull();
  expect(await launches.take('h2', 900)).toBeNull(); // an expired code is gone, not kept for later
  expect(await repo.delete('u1')).toBe(true);
  expect(await repo.delete('u1')).toBe(false);

  const creds = t.get(DeviceCredentialsService);
  const a = await creds.issue('tbl_1', 'wheel-1');
  const b = await creds.issue('tbl_1', 'wheel-1');
  expect(await creds.authenticate(a.username, a.password)).toBeNull();
  expect(await creds.authenticate(b.username, b.password)).toEqual({ kind: 'device', tableId: 'tbl_1', deviceId: 'wheel-1' });
  expect(await creds.list('tbl_1')).toEqual([{ username: 'tbl_1/wheel-1', tableId: 'tbl_1', deviceId: 'wheel-1', createdAt: a.createdAt, rotatedAt: b.rotatedAt }]);
  expect(await creds.revoke('tbl_1', 'wheel-1')).toBe(true);
  expect(await creds.revoke('tbl_1', 'wheel-1')).toBe(false);
  expect(await creds.list('tbl_1')).toEqual([]);
}
