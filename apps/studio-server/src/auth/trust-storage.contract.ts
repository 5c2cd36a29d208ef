import { expect } from 'vitest';
import { DeviceCredentialsService } from '../mqtt/device-credentials.js';
import type { TestApp } from '../ops/test-app.js';
import { AuthService } from './auth.service.js';
import { USERS_REPOSITORY, type UsersRepository } from './users.repository.js';

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
