import { useSyncExternalStore } from 'react';

/** The dashboard's screens, addressed by the URL hash so a link or a reload lands on the same screen. */
export type Route =
  | { readonly name: 'floor' }
  | { readonly name: 'table'; readonly tableId: string }
  /** a live poker table (issue 11): seats, the pit boss's decisions, hand history. */
  | { readonly name: 'poker'; readonly tableId: string }
  | { readonly name: 'rounds'; readonly query: URLSearchParams }
  | { readonly name: 'round'; readonly roundId: string }
  | { readonly name: 'charts' }
  /** issue 23: the integrity monitors (wheel bias) with their evidence. */
  | { readonly name: 'integrity' }
  | { readonly name: 'audit' }
  /** issue 24: tips per dealer and shift (TIP-4). */
  | { readonly name: 'tips' }
  /** issue 24: poker tournaments (the pit boss's control). */
  | { readonly name: 'tournaments' }
  /** issue 24: one tournament — standings, tables, the hands in play. */
  | { readonly name: 'tournament'; readonly tournamentId: string };

export function parseRoute(hash: string): Route {
  const [path = '', qs = ''] = hash.replace(/^#/, '').split('?');
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'tables' && parts[1]) return { name: 'table', tableId: parts[1] };
  if (parts[0] === 'poker' && parts[1]) return { name: 'poker', tableId: parts[1] };
  if (parts[0] === 'rounds' && parts[1]) return { name: 'round', roundId: parts[1] };
  if (parts[0] === 'rounds') return { name: 'rounds', query: new URLSearchParams(qs) };
  if (parts[0] === 'charts') return { name: 'charts' };
  if (parts[0] === 'integrity') return { name: 'integrity' };
  if (parts[0] === 'audit') return { name: 'audit' };
  if (parts[0] === 'tips') return { name: 'tips' };
  if (parts[0] === 'tournaments' && parts[1]) return { name: 'tournament', tournamentId: parts[1] };
  if (parts[0] === 'tournaments') return { name: 'tournaments' };
  return { name: 'floor' };
}

export function hrefOf(r: Route): string {
  switch (r.name) {
    case 'floor':
      return '#/';
    case 'table':
      return `#/tables/${encodeURIComponent(r.tableId)}`;
    case 'poker':
      return `#/poker/${encodeURIComponent(r.tableId)}`;
    case 'rounds': {
      const q = r.query.toString();
      return q === '' ? '#/rounds' : `#/rounds?${q}`;
    }
    case 'round':
      return `#/rounds/${encodeURIComponent(r.roundId)}`;
    case 'charts':
      return '#/charts';
    case 'integrity':
      return '#/integrity';
    case 'audit':
      return '#/audit';
    case 'tips':
      return '#/tips';
    case 'tournaments':
      return '#/tournaments';
    case 'tournament':
      return `#/tournaments/${encodeURIComponent(r.tournamentId)}`;
  }
}

const subscribe = (cb: () => void): (() => void) => {
  globalThis.addEventListener('hashchange', cb);
  return () => globalThis.removeEventListener('hashchange', cb);
};

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => globalThis.location?.hash ?? '', () => '');
  return parseRoute(hash);
}

export function navigate(r: Route): void {
  globalThis.location.hash = hrefOf(r);
}
