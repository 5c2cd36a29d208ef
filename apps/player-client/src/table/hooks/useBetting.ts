import type { Table } from '@felt-studio/client-sdk';
import { newBetId, newRequestId } from '@felt-studio/client-sdk';
import type { Rejection } from '@felt-studio/protocol';
import { queryKeys, toRejection, useSession } from '@felt-studio/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { betsOf, type CommonView } from '../view';

export interface Notice {
  readonly id: number;
  readonly kind: 'ok' | 'error';
  readonly text?: string;
  readonly error?: Rejection;
  /** The table's currency (a rejection's amounts are shown as money in it). */
  readonly currency?: string;
}

export interface Betting {
  readonly chip: number;
  setChip(v: number): void;
  /** Spot → stake waiting for the server's answer (drawn as a faded chip). */
  readonly pending: ReadonlyMap<string, number>;
  readonly notices: readonly Notice[];
  dismiss(id: number): void;
  place(spot: string, stakeMinor?: number, label?: string): Promise<boolean>;
  undo(): Promise<void>;
  clear(): Promise<void>;
  rebet(): Promise<void>;
  double(): Promise<void>;
  /** A player decision (blackjack), with the same notices. */
  decide(command: { type: string } & Record<string, unknown>): Promise<boolean>;
  readonly busy: boolean;
}

let noticeSeq = 0;

/**
 * Betting at one table through the SDK's socket (acks carry the player's bets after the command):
 * the chosen chip, optimistic pending chips, undo (cancels the last bet of this round), clear,
 * rebet, double, and a notice for every accepted bet and every rejection (code + rule ID).
 */
export function useBetting(table: Table, view: CommonView | null, describe: (spot: string) => string, money: (minor: number) => string): Betting {
  const { rt, api } = useSession();
  const qc = useQueryClient();
  const [chip, setChip] = useState(() => Math.max(table.limits.tableMinMinor, 100));
  const [pending, setPending] = useState<ReadonlyMap<string, number>>(new Map());
  const [notices, setNotices] = useState<readonly Notice[]>([]);
  const [busy, setBusy] = useState(false);
  const viewRef = useRef(view);
  viewRef.current = view;

  const push = useCallback((n: Omit<Notice, 'id'>) => {
    const id = ++noticeSeq;
    setNotices((xs) => [...xs.slice(-3), { ...n, id }]);
    if (n.kind === 'ok') setTimeout(() => setNotices((xs) => xs.filter((x) => x.id !== id)), 3500);
  }, []);
  const dismiss = useCallback((id: number) => setNotices((xs) => xs.filter((x) => x.id !== id)), []);

  // A new round clears the pending chips.
  useEffect(() => setPending(new Map()), [view?.roundId]);
  // issue 20 defect 5: a rejection belongs to its round: dismissed when the round settles (or is void) and when the next opens
  const roundOver = view?.phase === 'settled' || view?.phase === 'void';
  useEffect(() => {
    setNotices((xs) => (xs.some((x) => x.kind === 'error') ? xs.filter((x) => x.kind !== 'error') : xs));
  }, [view?.roundId, roundOver]);

  const refreshWallet = useCallback(() => void qc.invalidateQueries({ queryKey: queryKeys.wallet }), [qc]);

  /** Sends one request: on success the notice `okText` (if any) and a fresh wallet; a refusal becomes an error notice; `settle` runs either way. */
  const attempt = useCallback(
    async (f: () => Promise<unknown>, okText: string | null, settle: () => void): Promise<boolean> => {
      try {
        await f();
        if (okText) push({ kind: 'ok', text: okText });
        refreshWallet();
        return true;
      } catch (e) {
        push({ kind: 'error', error: toRejection(e), currency: table.currency });
        return false;
      } finally {
        settle();
      }
    },
    [push, refreshWallet, table.currency],
  );

  const place = useCallback(
    async (spot: string, stakeMinor = chip, label?: string): Promise<boolean> => {
      setPending((m) => new Map(m).set(spot, (m.get(spot) ?? 0) + stakeMinor));
      return attempt(
        () => (rt ? rt.request('bet.place', { tableId: table.tableId, betId: newBetId(), spot, stakeMinor }) : api.placeBet(table.tableId, { spot, stakeMinor })),
        `${label ?? describe(spot)} · ${money(stakeMinor)}`,
        () =>
          setPending((m) => {
            const n = new Map(m);
            const left = (n.get(spot) ?? 0) - stakeMinor;
            if (left > 0) n.set(spot, left);
            else n.delete(spot);
            return n;
          }),
      );
    },
    [api, attempt, chip, describe, money, rt, table.tableId],
  );

  const run = useCallback(
    async (f: () => Promise<unknown>, okText: string | null): Promise<boolean> => {
      setBusy(true);
      return attempt(f, okText, () => setBusy(false));
    },
    [attempt],
  );

  const undo = useCallback(async () => {
    const mine = betsOf(viewRef.current).filter((b) => b.parentBetId === undefined);
    const last = mine.sort((a, b) => b.acceptedAt - a.acceptedAt || b.betId.localeCompare(a.betId))[0];
    if (!last) return;
    await run(() => (rt ? rt.request('bet.cancel', { tableId: table.tableId, betId: last.betId }) : api.cancelBet(table.tableId, last.betId)), null);
  }, [api, rt, run, table.tableId]);

  const clear = useCallback(async () => {
    const mine = betsOf(viewRef.current).filter((b) => b.parentBetId === undefined);
    await run(async () => {
      for (const b of mine) await (rt ? rt.request('bet.cancel', { tableId: table.tableId, betId: b.betId }) : api.cancelBet(table.tableId, b.betId));
    }, null);
  }, [api, rt, run, table.tableId]);

  const rebet = useCallback(async () => {
    await run(() => (rt ? rt.request('bet.rebet', { tableId: table.tableId, requestId: newRequestId() }) : api.rebet(table.tableId)), null);
  }, [api, rt, run, table.tableId]);

  const double = useCallback(async () => {
    await run(() => (rt ? rt.request('bet.double', { tableId: table.tableId, requestId: newRequestId() }) : api.double(table.tableId)), null);
  }, [api, rt, run, table.tableId]);

  const decide = useCallback(
    (command: { type: string } & Record<string, unknown>) => run(() => (rt ? rt.request('player.decision', { tableId: table.tableId, command }) : api.playerDecision(table.tableId, command)), null),
    [api, rt, run, table.tableId],
  );

  return { chip, setChip, pending, notices, dismiss, place, undo, clear, rebet, double, decide, busy };
}
