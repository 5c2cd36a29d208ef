import { bankedPoker, rayPoker, type Card } from '@felt-studio/games';

/**
 * The live banked poker games the player client draws (docs/rules "Banked poker", RAY §7.1 Fast
 * Poker live): each game's spec and profiles come from @felt-studio/games — the same data the server's
 * referee runs — so the spots, decision points, options and published timeout defaults on screen are
 * the kernel's, never a copy.
 */
type AnySpec = bankedPoker.BankedPokerSpec<bankedPoker.BankedPokerProfileBase>;

export interface PokerGame {
  readonly spec: AnySpec;
  readonly profiles: Readonly<Record<string, bankedPoker.BankedPokerProfileBase>>;
  readonly defaultProfile: string;
}

const g = <P extends bankedPoker.BankedPokerProfileBase>(spec: bankedPoker.BankedPokerSpec<P>, profiles: Readonly<Record<string, P>>, defaultProfile: string): PokerGame => ({ spec: spec as unknown as AnySpec, profiles, defaultProfile });

export const POKER_GAMES: Readonly<Record<string, PokerGame>> = {
  'casino-holdem': g(bankedPoker.casinoHoldemSpec, bankedPoker.casinoHoldemProfiles, 'standard'),
  'three-card-poker': g(bankedPoker.threeCardPokerSpec, bankedPoker.threeCardPokerProfiles, 'standard'),
  'ultimate-texas-holdem': g(bankedPoker.ultimateTexasHoldemSpec, bankedPoker.ultimateTexasHoldemProfiles, 'standard'),
  'texas-holdem-bonus': g(bankedPoker.texasHoldemBonusSpec, bankedPoker.texasHoldemBonusProfiles, 'standard'),
  'fast-poker': g(rayPoker.fastPokerSpec, rayPoker.fastPokerProfiles, 'ray'),
  'triple-bet-poker': g(rayPoker.tripleBetPokerSpec, rayPoker.tripleBetPokerProfiles, 'ray'),
  'dynamic-poker': g(rayPoker.dynamicPokerSpec, rayPoker.dynamicPokerProfiles, 'ray'),
  'riverside-poker': g(rayPoker.riversidePokerSpec, rayPoker.riversidePokerProfiles, 'ray'),
};

export function pokerGame(game: string, profileId: string): { game: PokerGame; profile: bankedPoker.BankedPokerProfileBase } | null {
  const pg = POKER_GAMES[game];
  if (!pg) return null;
  const profile = pg.profiles[profileId] ?? pg.profiles[pg.defaultProfile];
  return profile ? { game: pg, profile } : null;
}

/** How many cards each hand of the game gets (the dealt ones come from the view, the rest are empty slots). */
export function slotCounts(spec: AnySpec): { player: number; dealer: number; board: number } {
  const n = (s: bankedPoker.Slot): number => spec.slots.filter((x) => x === s).length;
  return { player: n('player'), dealer: n('dealer'), board: n('board') };
}

/**
 * The street a decision point belongs to, by the community cards out when it opens: Hold'em boards
 * (five cards) preflop / flop / turn / river; other boards (Triple Bet's two) `cards` then
 * `community` with the count; no board: `cards`.
 */
export function streetOf(spec: AnySpec, point: number): { readonly key: 'preflop' | 'flop' | 'turn' | 'river' | 'cards' | 'community'; readonly n: number } {
  const d = spec.decisions[point];
  if (!d) return { key: 'cards', n: 0 };
  const board = spec.slots.slice(0, d.afterCards).filter((s) => s === 'board').length;
  const total = slotCounts(spec).board;
  if (total !== 5) return { key: board === 0 ? 'cards' : 'community', n: board };
  return { key: board === 0 ? 'preflop' : board === 3 ? 'flop' : board === 4 ? 'turn' : 'river', n: board };
}

/** Spots whose stakes the game keeps equal (UTH Ante = Blind, UTH-1; Triple Bet's three base bets, TB-L1): a chip on the first places the same on the others. */
export const LINKED_SPOTS: Readonly<Record<string, readonly string[]>> = {
  'ultimate-texas-holdem': ['ante', 'blind'],
  'triple-bet-poker': ['bet-1', 'bet-2', 'bet-3'],
};

/** The kernel's hand text ("pair (8-8-A-K-3)") → its category key ("pair"), for a translated name. */
export function categoryKey(text: string | null | undefined): string | null {
  if (!text) return null;
  const cat = text.split(' (')[0]?.trim().replace(/ /g, '-');
  return cat ? cat : null;
}

/** A dealer card the view hides (`null` until revealed) is drawn face down; nothing the view lacks is drawn. */
export const faceOf = (c: Card | null): Card | 'hidden' => (c === null ? 'hidden' : c);
