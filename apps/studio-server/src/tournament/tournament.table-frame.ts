import { tournament as T } from '@felt-studio/games';
import { pokerFrameConfig, type PokerSeatFrame, type TournamentTableFrame } from '@felt-studio/protocol';

/** ISO 4217 "no currency": tournament chips are not money (the player client shows them as plain numbers). */
export const TOURNAMENT_CHIPS = 'XXX';

/**
 * TRN-PLAY: a player's tournament table in the live tables' frame shape (`PokerTableFrame`), so the player client's
 * poker table components render it. The hand is the pure `tableViewFor` (`viewHand` for this player: their own hole
 * cards only, every other seat's down cards hidden until a showdown shows them); the other seats are `Seat N` (no
 * player id, no entry id).
 */
export function tableFrameOf(s: T.TournamentState, playerId: string, seq: number, at: number, actionMs: number): TournamentTableFrame {
  const v = T.tableViewFor(s, playerId);
  const blinds = v.handBlinds ?? { smallBlind: v.level.smallBlind ?? 1, bigBlind: v.level.bigBlind ?? 2, ante: v.level.ante ?? 0 };
  const config = T.tournamentHandConfig({ ...blinds, actionMs, ...(s.def.timeBankMs ? { timeBankMs: s.def.timeBankMs } : {}) });
  const button = v.handButton ?? s.tables.find((t) => t.tableNo === v.tableNo)?.button ?? null;
  const bySeat = new Map(v.seats.map((x) => [x.seat, x]));
  const handSeats = new Map((v.hand?.seats ?? []).map((x) => [x.seat, x]));
  const seats: (PokerSeatFrame | null)[] = Array.from({ length: s.def.seatsPerTable }, (_, i) => {
    const n = i + 1;
    const x = bySeat.get(n);
    const inHand = handSeats.get(n);
    if (!x && !inHand) return null;
    const mine = x?.mine === true || inHand?.playerId === 'you';
    return {
      seat: n,
      displayName: mine ? 'you' : `Seat ${n}`,
      me: mine,
      // as a live table's frame: the stack at the deal while the hand is in play (the screens take the chips committed off it), settled once it is over
      stackMinor: inHand && (v.hand?.phase === 'complete' || x === undefined) ? inHand.stackMinor : (x?.chips ?? 0),
      status: mine && !v.sittingIn ? 'sitting-out' : 'active',
      disconnected: false,
      leaving: false,
      pendingTopUpMinor: 0,
      isButton: button === n,
      robot: false,
      straddle: false,
    };
  });
  return {
    tableId: `${s.def.tournamentId}:t${v.tableNo ?? 0}`,
    name: `${s.def.name}${v.tableNo !== null ? ` · ${v.tableNo}` : ''}`,
    seq,
    currency: TOURNAMENT_CHIPS,
    config: pokerFrameConfig(config, { seatCount: s.def.seatsPerTable, minBuyInMinor: 0, maxBuyInMinor: null }),
    seats,
    waitingCount: 0,
    myWaitingPosition: null,
    hand: v.hand,
    // TRN-PLAY: the other seats are `Seat N`; a seat of the last hand is the same entry's while it is not re-seated
    handSeats: (v.hand?.seats ?? []).map((x) => {
      const me = x.playerId === 'you';
      const now = bySeat.get(x.seat);
      return { seat: x.seat, displayName: me ? 'you' : `Seat ${x.seat}`, me, stillSeated: now !== undefined && (now.mine === true) === me };
    }),
    myBalanceMinor: null,
    cardDue: null,
    dealing: 'rng',
    at,
    tournament: {
      tournamentId: s.def.tournamentId,
      name: s.def.name,
      status: s.status,
      tableNo: v.tableNo,
      seat: v.seat,
      sittingIn: v.sittingIn,
      myActions: v.myActions,
      playing: v.entryId !== null,
      level: v.level,
    },
  };
}
