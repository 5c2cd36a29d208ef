import { baccarat, type Card, type RoadRound } from '@felt-studio/games';
import { CardRow } from '@felt-studio/ui';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import { useTableResults } from '../../../table/hooks/useTableData';
import { spotLabel } from '../../../table/spotLabel';
import { Roads, useRoads } from './Roads';

const PAYS: Record<string, string> = { player: '1:1', banker: '0.95:1', tie: '8:1', 'player-pair': '11:1', 'banker-pair': '11:1' };

/** The results of the current shoe, oldest first (a round with `lastHand` ended the previous shoe). */
export function shoeRounds(results: readonly { view: unknown }[]): RoadRound[] {
  const out: RoadRound[] = [];
  for (const r of results) {
    const v = r.view as { result?: baccarat.HandResult | null; lastHand?: boolean };
    if (v.lastHand && out.length > 0) break;
    if (v.lastHand) continue;
    if (v.result) out.push(v.result);
  }
  return out.reverse();
}

export default function BaccaratTable(props: GameProps) {
  const { table, view: raw, locale } = props;
  const { t } = useTranslation('player');
  const view = raw as baccarat.BaccaratView | null;
  const profile = (baccarat.baccaratProfiles as Record<string, baccarat.BaccaratProfile>)[table.profileId] ?? baccarat.baccaratProfiles['punto-banco'];
  const spots = baccarat.spotsOf(profile);
  const results = useTableResults(table.tableId, 100);
  const rounds = useMemo(() => shoeRounds(results.data ?? []), [results.data]);
  const roads = useRoads(rounds);
  const cards = view?.cards ?? [];
  const player = cards.filter((c) => c.to === 'player').map((c) => c.card);
  const banker = cards.filter((c) => c.to === 'banker').map((c) => c.card);
  const due = cards.length > 0 && !view?.result ? baccarat.nextDue(cards.map((c) => c.card as Card)) : null;
  const result = view?.result ?? null;
  const pts = (cs: readonly Card[]): number | null => (cs.length > 0 ? baccarat.points(cs) : null);
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="bac-live">
          {(['player', 'banker'] as const).map((side) => {
            const cs = side === 'player' ? player : banker;
            const p = pts(cs);
            return (
              <div key={side} className={`bac-hand is-${side}${result?.outcome === side ? ' is-winner' : ''}`} aria-label={t(`baccarat.hand.${side}`)}>
                <h3>
                  {t(`spots.baccarat.${side}`)} {p !== null ? <span className="bac-points">{p}</span> : null}
                </h3>
                <CardRow cards={cs} size="lg" />
              </div>
            );
          })}
          <LiveStatus>
            {result
              ? t(`baccarat.outcome.${result.outcome}`, { p: result.playerPoints, b: result.bankerPoints })
              : due && due.type === 'deal'
                ? t('baccarat.due', { side: t(`spots.baccarat.${due.to}`), n: due.position, rule: due.ruleId })
                : view?.halt
                  ? view.halt.message
                  : t(`common:phases.${view?.phase ?? 'none'}`)}
          </LiveStatus>
          <p className="felt-muted shoe-count">{t('baccarat.cardsLeft', { count: view?.cardsLeft ?? 0 })}</p>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Roads roads={roads} />
        <Limits table={table} kinds={spots} locale={locale} />
      </aside>
      <div className="board">
        <div className="bac-spots">
          {spots.map((s) => (
            <TableBetSpot key={s} at={props} spot={s} label={spotLabel('baccarat', s, t)} pays={PAYS[s]} className={`is-${s}`} winning={result?.outcome === s} />
          ))}
        </div>
        <p className="felt-muted restriction">{t('restrictions.RES-2')}</p>
      </div>
    </div>
  );
}
