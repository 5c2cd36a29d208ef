import { dragonTiger, footballStudio, type Card } from '@felt-studio/games';
import { PlayingCard } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import { RecentPanel } from '../../../table/components/Recent';
import { spotLabel } from '../../../table/spotLabel';
import { useTableResults } from '../../../table/hooks/useTableData';

/** Dragon Tiger (RES-4) and Football Studio (RES-5): one card per side, highest wins. */
export default function DuelTable(props: GameProps) {
  const { table, view: raw, locale } = props;
  const { t } = useTranslation('player');
  const isDT = table.game === 'dragon-tiger';
  const spec = isDT ? dragonTiger.DRAGON_TIGER : footballStudio.FOOTBALL_STUDIO;
  const profiles = (isDT ? dragonTiger.dragonTigerProfiles : footballStudio.footballStudioProfiles) as Readonly<Record<string, dragonTiger.DuelProfile>>;
  const profile = profiles[table.profileId] ?? Object.values(profiles)[0];
  const spots = profile ? dragonTiger.duelSpots(spec, profile) : [...spec.sides, spec.tie];
  const view = raw as dragonTiger.DuelView | null;
  const cards = view?.cards ?? {};
  const results = useTableResults(table.tableId, 30);
  const rank = (c: Card | undefined): number => (c ? (profile?.aceHigh && c[0] === 'A' ? 14 : '_A23456789TJQK'.indexOf(c[0] as string)) : 0);
  const [a, b] = spec.sides as [string, string];
  const winner = cards[a] && cards[b] ? (rank(cards[a]) > rank(cards[b]) ? a : rank(cards[b]) > rank(cards[a]) ? b : spec.tie) : null;
  const history = (results.data ?? [])
    .map((r) => (r.view as { cards?: Record<string, Card> }).cards ?? {})
    .filter((c) => c[a] && c[b])
    .map((c) => (rank(c[a]) > rank(c[b]) ? a : rank(c[b]) > rank(c[a]) ? b : spec.tie));
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="duel-live">
          {spec.sides.map((side) => (
            <div key={side} className={`duel-side is-${side}${winner === side ? ' is-winner' : ''}`}>
              <h3>{spotLabel(table.game, side, t)}</h3>
              {cards[side] ? <PlayingCard card={cards[side] as Card} size="lg" /> : <span className="card-slot" aria-hidden="true" />}
            </div>
          ))}
          <LiveStatus>
            {winner ? t('duel.winner', { side: spotLabel(table.game, winner, t) }) : t(`common:phases.${view?.phase ?? 'none'}`)}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <RecentPanel>
          <div className="recent-strip">
            {history.slice(0, 20).map((w, i) => (
              <span key={i} className={`duel-dot is-${w === spec.tie ? 'tie' : w === a ? 'a' : 'b'}`}>
                {spotLabel(table.game, w, t).slice(0, 1)}
              </span>
            ))}
          </div>
        </RecentPanel>
        <Limits table={table} kinds={spots} locale={locale} />
      </aside>
      <div className="board">
        <div className="bac-spots">
          {spots.map((s) => (
            <TableBetSpot key={s} at={props} spot={s} label={spotLabel(table.game, s, t)} className={`is-${s}`} winning={winner === s} />
          ))}
        </div>
        <p className="felt-muted restriction">{t(isDT ? 'restrictions.RES-4' : 'restrictions.RES-5')}</p>
      </div>
    </div>
  );
}
