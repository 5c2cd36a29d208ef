import type { AuthUser } from './auth.types.js';

/**
 * Issue 22 §4: an open socket never outlives its user. The handshake stores the user-store check of its
 * token (`socket.data.confirm`, AuthService.verifyForSocket); every command asks it again. The user
 * store is cached ≤ USER_CHECK_CACHE_MS (5 s), so a user disabled, deleted or whose sessions were revoked
 * — through the API, another instance or straight in the database — can send nothing after ≤ 5 s.
 */
export async function sessionStillValid(data: Record<string, unknown>): Promise<boolean> {
  const confirm = data['confirm'] as (() => Promise<AuthUser | null>) | undefined;
  if (confirm === undefined) return true;
  try {
    return (await confirm()) !== null;
  } catch {
    return true; // the user store is away: the handshake's check stands (STORE_UNAVAILABLE answers the command)
  }
}
