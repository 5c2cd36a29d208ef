/**
 * Bets, players and stake of a staff (dealer / pit-boss) view, whatever the game: games on the referee
 * send running `totals` (O(1) per bet, no bet list in staff views); older kernels list the bets. Player
 * ids are only counted.
 */
export interface ViewTotals {
  readonly bets: number;
  readonly players: number;
  readonly stakeMinor: number;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const count = (v: unknown): number | null => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : null);

export function viewTotals(view: unknown): ViewTotals {
  if (!isObj(view)) return { bets: 0, players: 0, stakeMinor: 0 };
  const t = view['totals'];
  if (isObj(t)) {
    const bets = count(t['bets']);
    const players = count(t['players']);
    const stakeMinor = count(t['stakeMinor']);
    if (bets !== null && players !== null && stakeMinor !== null) return { bets, players, stakeMinor };
  }
  const raw = view['bets'];
  const list = Array.isArray(raw) ? raw : isObj(raw) ? Object.values(raw) : [];
  const players = new Set<string>();
  let bets = 0;
  let stakeMinor = 0;
  for (const b of list) {
    if (!isObj(b)) continue;
    const stake = count(b['stakeMinor']);
    if (stake === null) continue;
    bets += 1;
    stakeMinor += stake;
    if (typeof b['playerId'] === 'string') players.add(b['playerId']);
  }
  return { bets, players: players.size, stakeMinor };
}
