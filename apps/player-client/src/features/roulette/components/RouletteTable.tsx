import { roulette } from '@felt-studio/games';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GameProps } from '../../../table/game';
import { useTableResults } from '../../../table/hooks/useTableData';
import { spotLabel } from '../../../table/spotLabel';
import { useMedia } from '../../../table/useMedia';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { Racetrack } from './Racetrack';
import { RouletteLayout } from './RouletteLayout';
import { RouletteStats } from './RouletteStats';
import { NumberBadge, Wheel } from './Wheel';

const KINDS = ['straight', 'split', 'street', 'corner', 'sixline', 'column', 'dozen', 'red'] as const;

export default function RouletteTable({ table, view: raw, betting, stakes, open, locale, mode = 'classic' }: GameProps) {
  const { t } = useTranslation('player');
  const view = raw as roulette.RouletteView | null;
  const profile = roulette.rouletteProfiles[table.profileId] ?? roulette.europeanProfile;
  const results = useTableResults(table.tableId, 500);
  const numbers = useMemo(
    () =>
      (results.data ?? [])
        .map((r) => (r.view as { result?: { number: number } | null }).result?.number)
        .filter((n): n is number => typeof n === 'number')
        .reverse(),
    [results.data],
  );
  const [preview, setPreview] = useState<readonly number[]>([]);
  const portrait = useMedia('(max-width: 760px) and (orientation: portrait)');
  const describe = useCallback((s: string) => spotLabel('roulette', s, t), [t]);
  const place = useCallback(
    (spot: string) => {
      const parsed = roulette.parseSpot(spot, profile);
      const chips = parsed.ok ? roulette.chipCount(parsed.value) : 1;
      void betting.place(spot, betting.chip * chips);
    },
    [betting, profile],
  );
  const winning = view?.result?.number ?? null;
  const spinning = view?.ballInMotion === true;
  const noSpin = (view?.noSpinCount ?? 0) > 0 && !spinning && winning === null && view?.phase !== 'void';
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="roulette-live">
          <Wheel winning={winning} spinning={spinning} size={portrait ? (mode === 'immersive' ? 120 : 170) : 220} />
          <div className="roulette-live-info">
            {winning !== null ? (
              <div className="winning" role="status" aria-label={t('roulette.winningLabel')}>
                <span className="felt-muted">{t('roulette.winning')}</span>
                <NumberBadge n={winning} size="lg" />
                <span className="winning-colour">{t(`roulette.colour.${roulette.colourOf(winning)}`)}</span>
              </div>
            ) : spinning ? (
              <p className="live-status">{t('roulette.spinning')}</p>
            ) : (
              <p className="live-status">{t(`common:phases.${view?.phase ?? 'none'}`)}</p>
            )}
            {noSpin ? (
              <p className="no-spin" role="alert">
                <span className="felt-rule">ROU-4</span> {t('roulette.noSpin', { count: view?.noSpinCount ?? 0 })}
              </p>
            ) : null}
            {view?.fault ? <p className="no-spin">{view.fault}</p> : null}
            {/* RES-1: said once the player covers something ("cover 0 of at most 34" read as a puzzle); its room kept (CLS 0) */}
            {view?.coverage ? (
              <p className="felt-muted coverage" style={view.coverage.pockets > 0 ? undefined : { visibility: 'hidden' }}>
                {t('roulette.coverage', { pockets: view.coverage.pockets, max: view.coverage.max })}
              </p>
            ) : null}
          </div>
        </div>
      </VideoArea>
      {/* Limits first: the statistics grow as results arrive, and nothing sits below them to be pushed. */}
      <aside className="side-panels">
        <Limits table={table} kinds={KINDS} locale={locale} />
        <RouletteStats results={numbers} />
      </aside>
      <div className="board">
        <RouletteLayout
          profile={profile}
          stakes={stakes}
          pending={betting.pending}
          currency={table.currency}
          open={open}
          orientation={portrait && mode === 'classic' ? 'vertical' : 'horizontal'}
          highlight={preview.length > 0 ? preview : winning !== null ? [winning] : []}
          winning={winning}
          onPlace={place}
          onPreview={setPreview}
          describe={describe}
        />
        <Racetrack profile={profile} open={open} highlight={preview} stakes={stakes} onPlace={place} onPreview={setPreview} />
      </div>
    </div>
  );
}
