import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSession } from './session.js';

/**
 * How often a tournament screen reads its tournament again without a `tournament.changed` notice: a safety net (a
 * notice lost with a dropped socket; the socket reconnecting), not the way the screen keeps up.
 */
export const TOURNAMENT_FALLBACK_POLL_MS = 15_000;

/**
 * Issue 24: a tournament screen keeps up by the server's `tournament.changed` notices (sent to the pit bosses and to
 * every player with an entry, after each change of its log) instead of polling every 1–2 s: on a notice for
 * `tournamentId`, the `keys` are read again — through the REST reads, the audience's own views. A socket that
 * (re)connects reads them again too (notices sent while it was away are gone).
 */
export function useTournamentChanges(tournamentId: string | null, keys: readonly QueryKey[]): void {
  const { rt } = useSession();
  const qc = useQueryClient();
  const current = useRef(keys);
  current.current = keys;
  useEffect(() => {
    if (!rt || tournamentId === null) return;
    const again = (): void => {
      for (const queryKey of current.current) void qc.invalidateQueries({ queryKey, exact: true });
    };
    const offs = [
      rt.on('tournament.changed', (c) => {
        if (c.tournamentId === tournamentId) again();
      }),
      rt.on('connected', (c) => {
        if (c.reconnect) again();
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [rt, qc, tournamentId]);
}
