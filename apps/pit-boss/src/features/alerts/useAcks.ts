import type { Alert } from '@felt-studio/client-sdk';
import { useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { pitKeys } from '../../data/usePitData';
import { applyAck } from '../../data/alerts.model';

/**
 * Acknowledging alerts on the server (issue 7): stored with who and when, audited, and every pit boss
 * sees it (`alert.ack` frames update the shared alerts cache). Acknowledged alerts leave the open list at
 * once (optimistic); a refused acknowledgement puts the alert back in the open list.
 */
export function useAcks(): { ack(ids: readonly string[]): void } {
  const { api, rt, user } = useSession();
  const qc = useQueryClient();
  useEffect(() => {
    if (!rt) return;
    return rt.on('alert.ack', (a: Alert) => qc.setQueryData<Alert[]>(pitKeys.alerts, (prev) => applyAck(prev ?? [], a)));
  }, [rt, qc]);
  const ack = useCallback(
    (ids: readonly string[]) => {
      const at = Date.now();
      const mine = { by: user?.userId ?? '', byName: user?.name ?? '', at, note: null };
      qc.setQueryData<Alert[]>(pitKeys.alerts, (prev) => (prev ?? []).map((a) => (ids.includes(a.alertId) && !a.ack ? { ...a, ack: mine } : a)));
      for (const id of ids) {
        api.acknowledgeAlert(id).then(
          (stored) => qc.setQueryData<Alert[]>(pitKeys.alerts, (prev) => applyAck(prev ?? [], stored)),
          () => {
            qc.setQueryData<Alert[]>(pitKeys.alerts, (prev) => (prev ?? []).map((a) => (a.alertId === id && a.ack?.at === at ? { ...a, ack: null } : a)));
          },
        );
      }
    },
    [api, qc, user],
  );
  return { ack };
}
