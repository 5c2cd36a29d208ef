import type { DeviceHealth, PendingRequest } from '@felt-studio/client-sdk';
import { useSession } from '@felt-studio/ui';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';

export const dealerKeys = {
  devices: (tableId: string) => ['devices', tableId] as const,
  pending: (tableId: string) => ['pending', tableId] as const,
} as const;

/** Device health of the table (GET /tables/:id/devices), refreshed every few seconds. */
export function useDevices(tableId: string): UseQueryResult<DeviceHealth[]> {
  const { api, user } = useSession();
  return useQuery({ queryKey: dealerKeys.devices(tableId), queryFn: () => api.tableDevices(tableId), enabled: user !== null, refetchInterval: 5_000 });
}

/** The void requests and manual entries of this table waiting for a pit boss. */
export function usePending(tableId: string): UseQueryResult<PendingRequest[]> {
  const { api, user } = useSession();
  return useQuery({ queryKey: dealerKeys.pending(tableId), queryFn: () => api.pendingRequests(tableId), enabled: user !== null, refetchInterval: 3_000 });
}
