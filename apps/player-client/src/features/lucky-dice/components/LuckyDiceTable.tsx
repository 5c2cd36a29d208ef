import { luckyDice } from '@felt-studio/games';
import { DiceRow, useSession, type DieColour } from '@felt-studio/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import { limitOf, type GameProps } from '../../../table/game';
import { RecentDice } from '../../../table/components/Recent';
import { useTableResults } from '../../../table/hooks/useTableData';

/** LD-1: the first die is red, the second green (issue 20 defect 12: both were drawn white). */
const LD_COLOURS: readonly DieColour[] = ['red', 'green'];
import { spotLabel } from '../../../table/spotLabel';

type Mode = luckyDice.LuckyDicePlaceMode;

/** The number field as a grid: one row per group (the red die), one column per green die (LD-1, [Gap] grid-6x6). */
export function NumberField({
  mode,
  stakes,
  pending,
  currency,
  locale,
  open,
  winning,
  limit,
  label,
  onPlace,
}: {
  readonly mode: Mode;
  readonly stakes: ReadonlyMap<string, number>;
  readonly pending: ReadonlyMap<string, number>;
  readonly currency: string;
  readonly locale: string;
  readonly open: boolean;
  readonly winning: number | null;
  readonly limit: (kind: string) => { minMinor: number; maxMinor: number };
  readonly label: (spot: string) => string;
  readonly onPlace: (spot: string) => void;
}) {
  const { t } = useTranslation('player');
  return (
    <div className="ld-number-field" role="group" aria-label={t('luckyDice.numberField')}>
      {[1, 2, 3, 4, 5, 6].map((group) => (
        <div key={group} className="ld-row" role="group" aria-label={t('luckyDice.group', { g: group })}>
          <BetSpot
            spot={`simple:${group}`}
            label={label(`simple:${group}`)}
            pays="4:1"
            stakeMinor={stakes.get(`simple:${group}`) ?? 0}
            pendingMinor={pending.get(`simple:${group}`) ?? 0}
            currency={currency}
            locale={locale}
            limit={limit('simple')}
            open={open}
            className="ld-simple"
            onPlace={() => onPlace(`simple:${group}`)}
          />
          {[1, 2, 3, 4, 5, 6].map((green) => {
            const square = (group - 1) * 6 + green;
            const spot = luckyDice.spotAt(mode, square);
            return (
              <BetSpot
                key={square}
                spot={spot ?? `none:${square}`}
                label={spot === null ? t('luckyDice.noShape', { n: square }) : label(spot)}
                stakeMinor={spot === null ? 0 : (stakes.get(spot) ?? 0)}
                pendingMinor={spot === null ? 0 : (pending.get(spot) ?? 0)}
                currency={currency}
                locale={locale}
                limit={limit(spot === null ? 'plein' : (spot.split(':')[0] as string))}
                open={open && spot !== null}
                className="ld-square"
                winning={winning === square}
                onPlace={() => spot !== null && onPlace(spot)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

/**
 * Lucky Dice (RAY 2011 (docs/rules) §5): the number field (tap mode plein / cheval / transversal / carré;
 * a group's simple at the row's start) and the sum field; limits per kind (GEN-2); what the table
 * does not offer and how "N x insatsen" pays explained (LD-3, LD-4). Method B shows whose throw it is.
 */
export default function LuckyDiceTable({ table, view: raw, betting, stakes, open, locale }: GameProps) {
  const { t } = useTranslation('player');
  const view = raw as luckyDice.LuckyDiceView | null;
  const { user } = useSession();
  // LD-6 (method B): the shooter may decline the throw before throwing; the turn passes to the next player
  const mayDecline = view?.drawMethod === 'player-throw' && view.phase === 'closed' && user !== null && view.shooter === user.userId && view.pendingThrow === null;
  const [mode, setMode] = useState<Mode>('plein');
  const results = useTableResults(table.tableId, 20);
  const profile = luckyDice.luckyDiceProfiles[table.profileId] ?? luckyDice.LUCKY_DICE_RAY_A;
  const label = (spot: string): string => spotLabel('lucky-dice', spot, t);
  const limit = (kind: string) => limitOf(table, kind);
  const winning = view?.dice ? luckyDice.squareOf(view.dice) : null;
  const sums = [3, 4, 5, 6, 7, 8, 9, 10, 11];
  const lost = sums.filter((s) => typeof profile.pays.sum[s] !== 'number');
  const sumSpot = (spot: string, pays: string) => (
    <BetSpot
      key={spot}
      spot={spot}
      label={label(spot)}
      pays={pays}
      stakeMinor={stakes.get(spot) ?? 0}
      pendingMinor={betting.pending.get(spot) ?? 0}
      currency={table.currency}
      locale={locale}
      limit={limit(spot.split(':')[0] as string)}
      open={open}
      onPlace={() => void betting.place(spot)}
    />
  );
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="sicbo-live">
          <DiceRow dice={view?.dice ? [view.dice.red, view.dice.green] : null} size={72} colours={LD_COLOURS} />
          <LiveStatus>
            {view?.dice ? t('luckyDice.result', { red: view.dice.red, green: view.dice.green, total: view.dice.red + view.dice.green, square: winning }) : t(`common:phases.${view?.phase ?? 'none'}`)}
          </LiveStatus>
          {view?.drawMethod === 'player-throw' && view.shooter !== null && view.phase === 'closed' ? <p className="felt-muted">{mayDecline ? t('luckyDice.yourThrow') : t('luckyDice.shooter', { player: view.shooter })}</p> : null}
          {mayDecline ? (
            <button type="button" className="felt-btn felt-btn-lg" disabled={betting.busy} onClick={() => void betting.decide({ type: 'DeclineThrow' })}>
              {t('luckyDice.declineThrow')}
            </button>
          ) : null}
        </div>
      </VideoArea>
      <aside className="side-panels">
        <RecentDice
          results={results.data ?? []}
          diceOf={(v) => {
            const d = (v as { dice?: { red: number; green: number } | null }).dice;
            return d ? [d.red, d.green] : null;
          }}
          colours={LD_COLOURS}
        />
        <Limits table={table} kinds={['plein', 'cheval', 'transversal', 'carre', 'simple', 'sum', 'all-pairs', 'under-7', 'over-7']} locale={locale} />
      </aside>
      <div className="board ld-board">
        <p className="felt-muted">{t('luckyDice.howToRead')}</p>
        <div className="ld-modes" role="radiogroup" aria-label={t('luckyDice.mode')}>
          {luckyDice.LUCKY_DICE_PLACE_MODES.map((m) => (
            <label key={m} className={m === mode ? 'ld-mode is-active' : 'ld-mode'}>
              <input type="radio" name={`ld-mode-${table.tableId}`} value={m} checked={m === mode} onChange={() => setMode(m)} />
              {t(`luckyDice.modes.${m}`)}
            </label>
          ))}
        </div>
        <NumberField mode={mode} stakes={stakes} pending={betting.pending} currency={table.currency} locale={locale} open={open} winning={winning} limit={limit} label={label} onPlace={(s) => void betting.place(s)} />
        <div className="sicbo-group ld-sum-field" role="group" aria-label={t('luckyDice.sumField')}>
          {sums.filter((s) => !lost.includes(s)).map((s) => sumSpot(`sum:${s}`, `${profile.pays.sum[s] ?? 0}:1`))}
          {sumSpot('all-pairs', `${profile.pays.allPairs}:1`)}
          {sumSpot('under-7', `${profile.pays.under7}:1`)}
          {sumSpot('over-7', `${profile.pays.over7}:1`)}
        </div>
        <ul className="felt-muted restriction ld-rules" aria-label={t('luckyDice.rulesTitle')}>
          <li>{t('luckyDice.rules.pays')}</li>
          <li>{t('luckyDice.rules.seven')}</li>
          {lost.length > 0 ? <li>{t('luckyDice.rules.lost', { sums: lost.join(', ') })}</li> : null}
          {view?.drawMethod === 'player-throw' || profile.drawMethod === 'player-throw' ? <li>{t('luckyDice.rules.methodB')}</li> : <li>{t('luckyDice.rules.methodA')}</li>}
        </ul>
      </div>
    </div>
  );
}
