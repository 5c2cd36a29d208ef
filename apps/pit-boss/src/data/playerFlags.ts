import type { PlayerFlag } from '@felt-studio/client-sdk';
import { useSession } from '@felt-studio/ui';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';

export const playerFlagsKey = ['pit', 'integrity', 'flags'] as const;

/**
 * Issue 23: the standing flags on player accounts, by player id — one query shared by every screen that names a
 * player (the badge beside the name), refreshed every 10 s so a flag raised by another pit boss shows here too.
 */
export function usePlayerFlags(): ReadonlyMap<string, PlayerFlag> {
  const { api } = useSession();
  const q = useQuery({ queryKey: playerFlagsKey, queryFn: () => api.playerFlags(), refetchInterval: 10_000, retry: false });
  return useMemo(() => new Map((q.data ?? []).map((f) => [f.playerId, f] as const)), [q.data]);
}
