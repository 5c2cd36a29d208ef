import { andarBahar, type Ratio } from '@felt-studio/games';
import { PlayingCard } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import { spotLabel } from '../../../table/spotLabel';
import './andar-bahar.css';

const SIDES = ['andar', 'bahar'] as const;
const pays = (r: Ratio): string => `${Number((r.num / r.den).toFixed(2))}:1`;

/**
 * Andar Bahar (AB-1..AB-8): the joker, the cards to Andar and Bahar as they are dealt, the result;
 * bets on a side (Andar 0.9:1, Bahar 1:1) and, on profiles that offer them, on how many cards it takes.
 */
export default function AndarBaharTable(props: GameProps) {
  const { table, view: raw, locale } = props;
  const { t } = useTranslation('player');
  const profile = andarBahar.andarBaharProfiles[table.profileId] ?? andarBahar.AB_STANDARD;
  const view = raw as andarBahar.AndarBaharView | null;
  const label = (spot: string): string => spotLabel(table.game, spot, t);
  const dealt = view?.dealtCount ?? 0;
  const resolved = view?.winner ?? null;
  const status = resolved
    ? t('andarBahar.winner', { side: label(resolved), count: dealt })
    : view?.nextTo === 'joker'
      ? t('andarBahar.jokerDue')
      : view?.nextTo
        ? t('andarBahar.next', { side: label(view.nextTo), count: dealt })
        : t(`common:phases.${view?.phase ?? 'none'}`);
  const spot = (s: string, odds: Ratio, kind: string, winning: boolean) => (
    <TableBetSpot key={s} at={props} spot={s} limitKind={kind} label={label(s)} pays={pays(odds)} className={`is-${s.replace(/[:+]/g, '-')}`} winning={winning} />
  );
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="ab-live">
          <div className="ab-joker">
            <h3>{t('andarBahar.joker')}</h3>
            {view?.joker ? <PlayingCard card={view.joker} size="lg" /> : <span className="card-slot" aria-hidden="true" />}
          </div>
          {SIDES.map((side) => (
            <section key={side} aria-label={label(side)} className={`ab-row is-${side}${resolved === side ? ' is-winner' : ''}`}>
              <h3>{label(side)}</h3>
              <div className="ab-cards">
                {(view?.[side] ?? []).map((c) => (
                  <PlayingCard key={c} card={c} size="sm" />
                ))}
              </div>
            </section>
          ))}
          <LiveStatus>
            {status}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Limits table={table} kinds={profile.countBets.length > 0 ? ['andar', 'bahar', 'cards'] : ['andar', 'bahar']} locale={locale} />
      </aside>
      <div className="board">
        <div className="bac-spots" role="group" aria-label={t('andarBahar.sides')}>
          {spot('andar', profile.andarPays, 'andar', resolved === 'andar')}
          {spot('bahar', profile.baharPays, 'bahar', resolved === 'bahar')}
        </div>
        {profile.countBets.length > 0 ? (
          <fieldset className="ab-counts">
            <legend>{t('andarBahar.sideBets')}</legend>
            {profile.countBets.map((b) => spot(andarBahar.countKey(b), b.pays, 'cards', resolved !== null && andarBahar.inRange(b, dealt)))}
          </fieldset>
        ) : null}
        <p className="felt-muted restriction">{t('andarBahar.restriction')}</p>
      </div>
    </div>
  );
}
