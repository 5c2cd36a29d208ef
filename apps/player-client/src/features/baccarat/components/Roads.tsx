import { baccaratRoads, type BaccaratRoads, type DerivedColour, type RoadRound } from '@felt-studio/games';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

const ROWS = 6;
const COLS = 20;
const C = 10; // cell size (svg units)

const outcomeColour = { player: '#2c6fd6', banker: '#c8232c', tie: '#1d8a4e' } as const;
const derivedFill: Record<DerivedColour, string> = { red: '#c8232c', blue: '#2c6fd6' };

function Grid({ cols, children, label }: { readonly cols: number; readonly children: React.ReactNode; readonly label: string }) {
  const w = Math.max(cols, COLS);
  return (
    <svg className="road-svg" viewBox={`0 0 ${w * C} ${ROWS * C}`} role="img" aria-label={label} preserveAspectRatio="xMinYMin meet">
      <rect width={w * C} height={ROWS * C} fill="#f7f3ea" />
      {Array.from({ length: w + 1 }, (_, i) => (
        <line key={`v${i}`} x1={i * C} y1={0} x2={i * C} y2={ROWS * C} stroke="#d8d0bd" strokeWidth="0.5" />
      ))}
      {Array.from({ length: ROWS + 1 }, (_, i) => (
        <line key={`h${i}`} x1={0} y1={i * C} x2={w * C} y2={i * C} stroke="#d8d0bd" strokeWidth="0.5" />
      ))}
      {children}
    </svg>
  );
}

/** Scroll a road so its newest columns stay in view (keep the last COLS columns). */
const shift = (maxCol: number): number => Math.max(0, maxCol + 1 - COLS);

export function useRoads(rounds: readonly RoadRound[]): BaccaratRoads {
  return useMemo(() => baccaratRoads(rounds), [rounds]);
}

/** Bead plate, big road, big eye boy, small road, cockroach pig, the predictor and the counts. */
export function Roads({ roads }: { readonly roads: BaccaratRoads }) {
  const { t } = useTranslation('player');
  const bead = roads.beadPlate;
  const beadShift = shift(Math.max(-1, ...bead.map((c) => c.col)));
  const big = roads.bigRoad.cells;
  const bigShift = shift(Math.max(-1, ...big.map((c) => c.col)));
  const letter = { player: t('baccarat.short.player'), banker: t('baccarat.short.banker'), tie: t('baccarat.short.tie') };
  const derived = (name: 'bigEyeBoy' | 'smallRoad' | 'cockroachPig') => {
    const cells = roads[name].cells;
    const s = shift(Math.max(-1, ...cells.map((c) => c.col)));
    return (
      <div className="road">
        <h3>{t(`baccarat.roads.${name}`)}</h3>
        <Grid cols={COLS} label={t(`baccarat.roads.${name}`)}>
          {cells
            .filter((c) => c.col >= s)
            .map((c, i) =>
              name === 'bigEyeBoy' ? (
                <circle key={i} cx={(c.col - s) * C + C / 2} cy={c.row * C + C / 2} r={C * 0.32} fill="none" stroke={derivedFill[c.value]} strokeWidth="1.6" />
              ) : name === 'smallRoad' ? (
                <circle key={i} cx={(c.col - s) * C + C / 2} cy={c.row * C + C / 2} r={C * 0.34} fill={derivedFill[c.value]} />
              ) : (
                <line key={i} x1={(c.col - s) * C + 2} y1={c.row * C + C - 2} x2={(c.col - s) * C + C - 2} y2={c.row * C + 2} stroke={derivedFill[c.value]} strokeWidth="1.8" />
              ),
            )}
        </Grid>
      </div>
    );
  };
  const pred = (p: BaccaratRoads['ifBanker']) =>
    (['bigEyeBoy', 'smallRoad', 'cockroachPig'] as const).map((n) => (
      <span key={n} className={`pred-mark is-${p[n] ?? 'none'}`} aria-label={`${t(`baccarat.roads.${n}`)}: ${p[n] ? t(`baccarat.colour.${p[n]}`) : '—'}`} role="img" />
    ));
  return (
    <section className="roads felt-panel" aria-label={t('baccarat.roads.label')}>
      <div className="road-counts" role="group" aria-label={t('baccarat.counts')}>
        <span className="count is-banker">
          {letter.banker} {roads.counts.banker}
        </span>
        <span className="count is-player">
          {letter.player} {roads.counts.player}
        </span>
        <span className="count is-tie">
          {letter.tie} {roads.counts.tie}
        </span>
        <span className="felt-muted">{t('baccarat.rounds', { count: roads.counts.rounds })}</span>
      </div>
      <div className="roads-grid">
        <div className="road">
          <h3>{t('baccarat.roads.bead')}</h3>
          <Grid cols={COLS} label={t('baccarat.roads.bead')}>
            {bead
              .filter((c) => c.col >= beadShift)
              .map((c) => (
                <g key={c.round}>
                  <circle cx={(c.col - beadShift) * C + C / 2} cy={c.row * C + C / 2} r={C * 0.42} fill={outcomeColour[c.outcome]} />
                  <text x={(c.col - beadShift) * C + C / 2} y={c.row * C + C / 2} fontSize="5.5" fill="#fff" textAnchor="middle" dominantBaseline="central" fontWeight="700">
                    {letter[c.outcome]}
                  </text>
                </g>
              ))}
          </Grid>
        </div>
        <div className="road">
          <h3>{t('baccarat.roads.big')}</h3>
          <Grid cols={COLS} label={t('baccarat.roads.big')}>
            {big
              .filter((c) => c.col >= bigShift)
              .map((c) => {
                const x = (c.col - bigShift) * C + C / 2;
                const y = c.row * C + C / 2;
                return (
                  <g key={c.value.round}>
                    <circle cx={x} cy={y} r={C * 0.36} fill="none" stroke={outcomeColour[c.value.outcome]} strokeWidth="1.8" />
                    {c.value.ties > 0 ? <line x1={x - 3.5} y1={y + 3.5} x2={x + 3.5} y2={y - 3.5} stroke={outcomeColour.tie} strokeWidth="1.4" /> : null}
                    {c.value.bankerPair ? <circle cx={x - 3} cy={y - 3} r="1.3" fill={outcomeColour.banker} /> : null}
                    {c.value.playerPair ? <circle cx={x + 3} cy={y + 3} r="1.3" fill={outcomeColour.player} /> : null}
                  </g>
                );
              })}
          </Grid>
        </div>
        {derived('bigEyeBoy')}
        {derived('smallRoad')}
        {derived('cockroachPig')}
      </div>
      <div className="predictor" role="group" aria-label={t('baccarat.predictor')}>
        <span className="pred is-banker">
          {t('baccarat.ifBanker')} {pred(roads.ifBanker)}
        </span>
        <span className="pred is-player">
          {t('baccarat.ifPlayer')} {pred(roads.ifPlayer)}
        </span>
      </div>
    </section>
  );
}
