import type { PlayerRound, TableResult } from '@felt-studio/client-sdk';
import { useRoundFrames, useSession } from '@felt-studio/ui';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';

export const resultsKey = (tableId: string) => ['results', tableId] as const;
export const myRoundsKey = ['myRounds'] as const;

/** Finished rounds of a table (newest first), refreshed when a round of it settles (the key's prefix invalidates every limit). */
export function useTableResults(tableId: string, limit: number): UseQueryResult<TableResult[]> {
  const { api } = useSession();
  const qc = useQueryClient();
  useRoundFrames((f) => {
    if (f.tableId === tableId && (f.type === 'RoundSettled' || f.type === 'RoundVoided')) void qc.invalidateQueries({ queryKey: resultsKey(tableId) });
  });
  return useQuery({ queryKey: [...resultsKey(tableId), limit], queryFn: () => api.tableResults(tableId, limit), staleTime: 60_000 });
}

/** The player's own rounds with the settlement of each bet. */
export function useMyRounds(): UseQueryResult<PlayerRound[]> {
  const { api } = useSession();
  const qc = useQueryClient();
  useRoundFrames((f) => {
    if (f.type === 'RoundSettled' || f.type === 'RoundVoided') void qc.invalidateQueries({ queryKey: myRoundsKey });
  });
  return useQuery({ queryKey: myRoundsKey, queryFn: () => api.myRounds(50), staleTime: 30_000 });
}
