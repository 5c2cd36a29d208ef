import type { PokerLobbyEntry, PokerTableFrame } from '@felt-studio/protocol';
import { Money, formatMoneyShort, useLocale, usePokerLobby, usePokerTable } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { shortId } from '../lib/format';
import { hrefOf } from '../lib/router';
import { PokerDecisions } from '../features/poker/PokerDecisions';
import { TileHead } from '../components/TileHead';

/**
 * Live poker tables (issue 11) on the floor: they are not in the spot-bet table registry (no rounds,
 * no limits per spot), so they get their own tiles — the pit boss's frame of each (`poker.join` as
 * pit boss): hand number, phase, players in the hand, seats taken, pot.
 */
function PokerTile({ entry }: { readonly entry: PokerLobbyEntry }) {
  const frame = usePokerTable(entry.tableId).data ?? null;
  return <PokerTileView entry={entry} frame={frame} />;
}

/** The tile of one poker table from the pit boss's frame (null until joined); the pit boss's hand decisions when a hand is in play, and the way to the table's details and hand history. */
export function PokerTileView({ entry, frame }: { readonly entry: PokerLobbyEntry; readonly frame: PokerTableFrame | null }) {
  const { t } = useTranslation('pit');
  const { t: tc } = useTranslation('common');
  const locale = useLocale();
  const hand = frame?.hand ?? null;
  const seated = frame ? frame.seats.filter(Boolean).length : entry.seated;
  const cur = entry.currency;
  const headingId = `poker-${entry.tableId}`;
  return (
    <article className="pit-tile is-calm status-open" aria-labelledby={headingId} data-poker-tile={entry.tableId}>
      <TileHead
        id={headingId}
        name={entry.name}
        sub={
          <>
            {tc(`pokerTable.variants.${entry.variant}`, { defaultValue: entry.variant })} · {tc('pokerTable.blinds', { sb: formatMoneyShort(entry.smallBlindMinor, cur, locale), bb: formatMoneyShort(entry.bigBlindMinor, cur, locale) })} · <span className="felt-mono">{entry.tableId}</span>
          </>
        }
        status={tc(`pokerTable.phases.${hand?.phase ?? 'none'}`)}
        tone="open"
      />
      <div className="pit-tile-round">
        <span className="felt-muted felt-mono pit-round-id" title={hand?.handId}>
          {hand ? t('floor.poker.hand', { id: shortId(hand.handId) }) : t('floor.poker.noHand')}
        </span>
      </div>
      <dl className="pit-stats">
        <div>
          <dt>{t('floor.poker.inHand')}</dt>
          <dd>{hand && hand.phase !== 'complete' && hand.phase !== 'void' ? hand.seats.filter((s) => !s.folded).length : 0}</dd>
        </div>
        <div>
          <dt>{t('floor.poker.seated')}</dt>
          <dd>
            {seated}/{entry.seatCount}
            {entry.waiting > 0 ? ` (+${entry.waiting})` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('floor.poker.pot')}</dt>
          <dd>
            <Money minor={hand?.potMinor ?? 0} currency={cur} />
          </dd>
        </div>
        <div>
          <dt>{t('floor.poker.dealing')}</dt>
          <dd>{t(`floor.poker.${entry.dealing}`)}</dd>
        </div>
      </dl>
      {frame ? <PokerDecisions frame={frame} small /> : null}
      <p className="pit-poker-more">
        <a className="pit-link" href={hrefOf({ name: 'poker', tableId: entry.tableId })} aria-label={t('pokerTable.open', { table: entry.name })}>
          {t('floor.poker.details')} →
        </a>
      </p>
    </article>
  );
}

export function PokerTiles() {
  const { t } = useTranslation('pit');
  const lobby = usePokerLobby();
  const list = lobby.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-label={t('floor.poker.title')} className="pit-poker">
      <h2 className="pit-subtitle">{t('floor.poker.title')}</h2>
      <div className="pit-grid">
        {list.map((e) => (
          <PokerTile key={e.tableId} entry={e} />
        ))}
      </div>
    </section>
  );
}
