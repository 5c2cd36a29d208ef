import { tournament as T } from '@felt-studio/games';
import { expect } from 'vitest';
import type { RoundsApp } from './app-harness.js';

/** What the tournament specs' sit-and-goes differ in. */
export interface SitAndGoSpec {
  readonly name: string;
  readonly buyInMinor: number;
  readonly feeMinor: number;
  readonly seatsPerTable: number;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Each level's length on the turbo structure. */
  readonly levelMs: number;
  /** S1-TIMEBANK: each entry's bank for the tournament (ms); none when absent. */
  readonly timeBankMs?: number;
}

/**
 * A sit-and-go created over REST (`POST /tournaments`) by `token`: EUR, 1 500 starting chips, the turbo structure,
 * no late registration and no re-entry. The creation must be accepted (201); returns the tournament's id.
 */
export async function createSitAndGo(app: Pick<RoundsApp, 'http'>, token: string, s: SitAndGoSpec): Promise<string> {
  const created = await app.http('POST', '/tournaments', token, {
    name: s.name, kind: 'sit-and-go', currency: 'EUR', buyInMinor: s.buyInMinor, feeMinor: s.feeMinor, startingStack: 1_500, seatsPerTable: s.seatsPerTable, minPlayers: s.minPlayers, maxPlayers: s.maxPlayers,
    startsAt: null, structure: T.turboStructure(s.levelMs), lateRegistrationLevels: 0, reEntry: null, ...(s.timeBankMs !== undefined ? { timeBankMs: s.timeBankMs } : {}),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return String(created.body['tournamentId']);
}
