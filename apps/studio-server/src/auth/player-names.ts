import { Inject, Injectable } from '@nestjs/common';
import { USERS_REPOSITORY, type UsersRepository } from './users.repository.js';

/**
 * The pit reads people by their names, not by ids (issue 20: `usr_01a21f…` and `bot_robot1` on the pit's
 * Integrity view; issue 24: a tournament's standings and tables). Monitors and logs keep ids; the staff-only
 * reads (GET /integrity/players, /integrity/late-bettors, a tournament's entries and tables: pit boss, admin)
 * add each account's display name in one batched lookup. Null when the account is gone (the id still
 * identifies the player).
 */
@Injectable()
export class PlayerNames {
  constructor(@Inject(USERS_REPOSITORY) private readonly users: UsersRepository) {}

  async attach<T extends { readonly playerId: string }>(list: readonly T[]): Promise<(T & { readonly name: string | null })[]> {
    if (list.length === 0) return [];
    const ids = [...new Set(list.map((p) => p.playerId))];
    const names = new Map((await this.users.getMany(ids)).map((u) => [u.userId, u.name] as const));
    return list.map((p) => ({ ...p, name: names.get(p.playerId) ?? null }));
  }
}
