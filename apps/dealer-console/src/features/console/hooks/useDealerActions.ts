import type { Card } from '@felt-studio/games';
import type { Rejection } from '@felt-studio/protocol';
import { toRejection, useSession } from '@felt-studio/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { roundOver } from '../model/round';
import { dealerKeys } from './useDealerData';

/** What the dealer can do at the table; every call goes through @felt-studio/client-sdk. */
export type DealerAction =
  | { readonly type: 'open' }
  | { readonly type: 'close' }
  | { readonly type: 'void'; readonly reason: string }
  | { readonly type: 'pitboss'; readonly reason: string }
  | { readonly type: 'manual'; readonly command: 'EnterManualCard' | 'RecordCard'; readonly card: Card; readonly reason: string }
  | { readonly type: 'manual-result'; readonly command: { readonly type: 'RecordSpinResult' | 'RecordDiceResult'; readonly [field: string]: unknown }; readonly reason: string }
  | { readonly type: 'no-spin'; readonly reason: string }
  | { readonly type: 'cut-card' }
  /** Lucky Dice method B (LD-6, LD-7): the kernel's dealer moves for the shooter's turn. */
  | { readonly type: 'throw'; readonly command: 'PermitThrow' | 'PassTurn' }
  | { readonly type: 'judge'; readonly valid: boolean };

export interface DealerActions {
  run(action: DealerAction): Promise<boolean>;
  readonly busy: DealerAction['type'] | null;
  readonly error: Rejection | null;
  /** The last action that succeeded (for a short confirmation). */
  readonly done: DealerAction['type'] | null;
  clear(): void;
}

export function useDealerActions(tableId: string): DealerActions {
  const { api } = useSession();
  const qc = useQueryClient();
  const [error, setError] = useState<Rejection | null>(null);
  const [done, setDone] = useState<DealerAction['type'] | null>(null);
  const m = useMutation({
    mutationFn: async (a: DealerAction): Promise<unknown> => {
      switch (a.type) {
        case 'open':
          return api.openRound(tableId);
        case 'close':
          return api.closeBetting(tableId);
        case 'void':
          return api.requestVoid(tableId, a.reason);
        case 'pitboss':
          return api.callPitBoss(tableId, a.reason);
        case 'manual':
          return api.proposeManualEntry(tableId, { type: a.command, card: a.card, reason: a.reason });
        case 'manual-result':
          return api.proposeManualEntry(tableId, { ...a.command, reason: a.reason });
        case 'no-spin':
          return api.dealerCommand(tableId, { type: 'DeclareNoSpin', reason: a.reason });
        case 'cut-card':
          return api.dealerCommand(tableId, { type: 'RecordCutCard' });
        case 'throw':
          return api.dealerCommand(tableId, { type: a.command });
        case 'judge':
          return api.dealerCommand(tableId, { type: 'JudgeThrow', valid: a.valid });
      }
    },
    onSettled: () => qc.invalidateQueries({ queryKey: dealerKeys.pending(tableId) }),
  });
  const run = useCallback(
    async (a: DealerAction): Promise<boolean> => {
      setError(null);
      setDone(null);
      try {
        await m.mutateAsync(a);
        setDone(a.type);
        return true;
      } catch (e) {
        setError(toRejection(e));
        return false;
      }
    },
    [m],
  );
  const clear = useCallback(() => {
    setError(null);
    setDone(null);
  }, []);
  return { run, busy: m.isPending ? (m.variables?.type ?? null) : null, error, done, clear };
}

/**
 * A notice outlives its round when the round is over (void or settled) or another round is on the table
 * (issue 20 defect 9: "Void requested. The pit boss decides." stayed beside "Round void").
 */
export function noticeOutlived(prev: { readonly roundId: string | null; readonly phase: string }, next: { readonly roundId: string | null; readonly phase: string }): boolean {
  return prev.roundId !== next.roundId || (roundOver(next.phase) && !roundOver(prev.phase));
}

/** Clears the action's toast and error once they outlived their round (see `noticeOutlived`). */
export function useClearOutlived(round: { readonly roundId: string | null; readonly phase: string }, clear: () => void): void {
  const { roundId, phase } = round;
  const prev = useRef({ roundId, phase });
  useEffect(() => {
    const next = { roundId, phase };
    if (noticeOutlived(prev.current, next)) clear();
    prev.current = next;
  }, [roundId, phase, clear]);
}
