import type { PokerHandSeatFrame, PokerLobbyEntry, PokerSeatFrame, PokerTableFrame, PokerWsBody, PokerWsMessage, Rejection } from '@felt-studio/protocol';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from './data.js';
import { toRejection } from './components/ErrorNotice.js';
import { useSession } from './session.js';

/**
 * Live poker tables (issue 11) in the query cache: the lobby list (`GET /poker-tables`) and one
 * `poker.table` frame per watched table (the audience's view: a player's, the dealer's, the pit
 * boss's — the server decides by the signed-in role). Frames reach the cache through
 * `attachRealtime` (data.tsx), acks of `poker.*` messages too (the SDK dispatches them).
 */
export const pokerKeys = {
  lobby: ['pokerTables'] as const,
  table: (tableId: string) => ['pokerTable', tableId] as const,
} as const;

export function usePokerLobby(opts: { refetchIntervalMs?: number } = {}): UseQueryResult<PokerLobbyEntry[]> {
  const { api, user } = useSession();
  return useQuery({ queryKey: pokerKeys.lobby, queryFn: () => api.pokerTables(), enabled: user !== null, refetchInterval: opts.refetchIntervalMs ?? 15_000 });
}

/** Mounted screens per watched table (several components may watch one table). */
const watchers = new Map<string, number>();
const LEAVE_DELAY_MS = 1_000;

/**
 * Watches a poker table (`poker.join`): the first frame is the join's answer, every later one comes
 * from the socket. Leaving the screen stops watching (`poker.leave-view`) and drops the cached frame,
 * so coming back joins again instead of showing a frozen table.
 */
export function usePokerTable(tableId: string | null): UseQueryResult<PokerTableFrame> {
  const { rt } = useSession();
  const qc = useQueryClient();
  useEffect(() => {
    if (!rt || tableId === null) return;
    watchers.set(tableId, (watchers.get(tableId) ?? 0) + 1);
    return () => {
      const left = (watchers.get(tableId) ?? 1) - 1;
      if (left > 0) {
        watchers.set(tableId, left);
        return;
      }
      watchers.delete(tableId);
      // a moment later, so a remount (StrictMode, navigating back) keeps watching instead of leaving after its join
      setTimeout(() => {
        if (watchers.has(tableId)) return;
        rt.poker('poker.leave-view', { tableId }).catch(() => undefined); // best effort: the server also forgets a closed socket
        qc.removeQueries({ queryKey: pokerKeys.table(tableId) });
      }, LEAVE_DELAY_MS);
    };
  }, [rt, tableId, qc]);
  return useQuery({
    queryKey: pokerKeys.table(tableId ?? ''),
    queryFn: async (): Promise<PokerTableFrame> => {
      if (!rt || tableId === null) throw new Error('not connected');
      return rt.poker('poker.join', { tableId });
    },
    enabled: rt !== null && tableId !== null,
    staleTime: Infinity, // frames keep it fresh
  });
}

/** A newer frame only: an ack can arrive after a later socket frame of the same table. */
export function newerFrame(prev: PokerTableFrame | undefined, f: PokerTableFrame): PokerTableFrame {
  return prev !== undefined && prev.seq > f.seq ? prev : f;
}

export interface PokerNotice {
  readonly id: number;
  readonly message: PokerWsMessage;
  readonly error: Rejection;
}

export interface PokerSender {
  /** Sends one `poker.*` message; resolves true when the server accepted it (its frame is already in the cache). */
  send<K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<boolean>;
  /** The message in flight (buttons show it and do not send twice). */
  readonly busy: PokerWsMessage | null;
  /** Rejections with the server's code and rule ID, newest last, until dismissed. */
  readonly errors: readonly PokerNotice[];
  dismiss(id: number): void;
}

/**
 * A poker sender over `transmit`, which sends one message and puts the answer in the cache (it throws on a
 * refusal): the busy message and the rejections with their code and rule ID (the last three) are the same for
 * every transport — the live table's socket (`usePokerSend`) and a tournament table's REST calls.
 */
export function usePokerSender(transmit: <K extends PokerWsMessage>(message: K, body: PokerWsBody<K>) => Promise<void>): PokerSender {
  const [busy, setBusy] = useState<PokerWsMessage | null>(null);
  const [errors, setErrors] = useState<readonly PokerNotice[]>([]);
  const next = useRef(1);
  const send = useCallback(
    async <K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<boolean> => {
      setBusy(message);
      try {
        await transmit(message, body);
        return true;
      } catch (e) {
        const id = next.current++;
        setErrors((list) => [...list.slice(-2), { id, message, error: toRejection(e) }]);
        return false;
      } finally {
        setBusy(null);
      }
    },
    [transmit],
  );
  const dismiss = useCallback((id: number) => setErrors((list) => list.filter((n) => n.id !== id)), []);
  return { send, busy, errors, dismiss };
}

/** Sends poker messages through the SDK's socket; the answer frame goes into the table's cache. */
export function usePokerSend(): PokerSender {
  const { rt } = useSession();
  const qc = useQueryClient();
  const transmit = useCallback(
    async <K extends PokerWsMessage>(message: K, body: PokerWsBody<K>): Promise<void> => {
      if (!rt) throw new Error('not connected');
      const frame = await rt.poker(message, body);
      qc.setQueryData<PokerTableFrame>(pokerKeys.table(frame.tableId), (prev) => newerFrame(prev, frame));
      // buy-ins, top-ups and cash-outs move money between the wallet and the table stack
      if (message === 'poker.sit' || message === 'poker.top-up' || message === 'poker.stand-up') void qc.invalidateQueries({ queryKey: queryKeys.wallet });
    },
    [rt, qc],
  );
  return usePokerSender(transmit);
}

/**
 * A seat's entry in the frame's hand, shown at that seat only while it is that hand's player's: always while the hand
 * is in play; once it is over, only while the same player still holds the seat (`handSeats[].stillSeated`) — a
 * newcomer there never shows the last occupant's cards or winnings. Without `handSeats` (a tournament table as the
 * pit boss reads it) the hand's seat as it is.
 */
export function handSeatAt<S extends { readonly seat: number }>(frame: { readonly hand: { readonly phase: string; readonly seats: readonly S[] } | null; readonly handSeats?: readonly PokerHandSeatFrame[] }, seat: number): S | null {
  const hand = frame.hand;
  const inHand = hand?.seats.find((s) => s.seat === seat) ?? null;
  if (inHand === null || hand === null || (hand.phase !== 'complete' && hand.phase !== 'void') || frame.handSeats === undefined) return inHand;
  return frame.handSeats.some((h) => h.seat === seat && h.stillSeated) ? inHand : null;
}

/**
 * A seat's stack as it stands now (issue 20 defect 6): the seat frame carries the table stack, which the
 * server settles when the hand ends; while a hand is in play the chips the seat has committed to it are
 * no longer in front of the player, so every view shows the table stack minus them (the bet slider's
 * maximum and the seat then agree).
 */
export function seatStackNowMinor(seat: Pick<PokerSeatFrame, 'stackMinor'>, inHand: { readonly totalMinor: number } | null, hand: { readonly phase: string } | null): number {
  const live = hand !== null && hand.phase !== 'complete' && hand.phase !== 'void';
  return live && inHand !== null ? Math.max(0, seat.stackMinor - inHand.totalMinor) : seat.stackMinor;
}

/** What a seat of a live poker table is doing, as i18n key suffixes (`state.<key>`) the staff screens translate. */
export type PokerSeatState = 'button' | 'folded' | 'allIn' | 'sittingOut' | 'disconnected' | 'straddle';

export function pokerSeatStates(seat: PokerSeatFrame | null, inHand: { readonly folded: boolean; readonly allIn: boolean } | null): PokerSeatState[] {
  const out: PokerSeatState[] = [];
  if (seat?.isButton) out.push('button');
  if (inHand?.folded) out.push('folded');
  if (inHand?.allIn) out.push('allIn');
  if (seat?.status === 'sitting-out') out.push('sittingOut');
  if (seat?.disconnected) out.push('disconnected');
  if (seat?.straddle) out.push('straddle');
  return out;
}
