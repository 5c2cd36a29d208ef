import { racetrackGeometry, roulette, rouletteCoveredNumbers, type FixedAnnouncedKind } from '@felt-studio/games';
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const G = racetrackGeometry();
const { width: VW, height: VH, radius: R, innerRadius: RI, left: L, right: RT } = G;
const CY = VH / 2;
/** The stadium of radius r as one path (for the ring, the inner field and its clip). */
const stadium = (r: number): string => `M ${L.x} ${CY - r} H ${RT.x} A ${r} ${r} 0 0 1 ${RT.x} ${CY + r} H ${L.x} A ${r} ${r} 0 0 1 ${L.x} ${CY - r} Z`;
const points = (ps: readonly { x: number; y: number }[]): string => ps.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(' ');

export const ANNOUNCED = ['voisins', 'tiers', 'orphelins', 'jeu-zero'] as const;

export interface RacetrackProps {
  readonly profile: roulette.RouletteProfile;
  readonly open: boolean;
  readonly highlight: readonly number[];
  readonly stakes: ReadonlyMap<string, number>;
  readonly onPlace: (spot: string) => void;
  readonly onPreview: (numbers: readonly number[]) => void;
}

/**
 * The French racetrack: the numbers in wheel order around a stadium (a number bets it with its
 * neighbours, n adjustable 1…profile max), and inside it the announced bets as sectors — tiers,
 * orphelins, voisins du zéro and jeu zéro — clicked where they are drawn (geometry: libs/games
 * `racetrackGeometry`). Hover, focus or press previews the covered numbers here and on the layout.
 */
export function Racetrack({ profile, open, highlight, stakes, onPlace, onPreview }: RacetrackProps) {
  const { t } = useTranslation('player');
  const [k, setK] = useState(profile.racetrack.neighboursDefault);
  const clipId = `rt-field-${useId().replace(/:/g, '')}`;
  const lit = new Set(highlight);
  const preview = (spot: string): void => {
    const r = rouletteCoveredNumbers(spot, profile);
    onPreview(r.ok ? r.value : []);
  };
  const keys = (spot: string) => (e: KeyboardEvent) => {
    if (open && (e.key === 'Enter' || e.key === ' ')) {
      e.preventDefault();
      onPlace(spot);
    }
  };
  const announced = profile.racetrack.enabled !== false;
  if (!announced) return null;
  const sectorLabel = (kind: FixedAnnouncedKind): string => `${t(`spots.roulette.${kind}`)} · ${t('racetrack.chips', { count: roulette.ANNOUNCED_CHIPS[kind].length })}`;
  return (
    <section className="racetrack felt-panel" aria-label={t('racetrack.label')}>
      <div className="racetrack-head">
        <h2>{t('racetrack.title')}</h2>
        <div className="neighbours-k" role="group" aria-label={t('racetrack.neighbours')}>
          <span>{t('racetrack.neighbours')}</span>
          <button type="button" className="felt-btn felt-btn-sm" onClick={() => setK((x) => Math.max(1, x - 1))} aria-label={t('racetrack.fewer')} disabled={k <= 1}>
            −
          </button>
          <output aria-live="polite" aria-label={t('racetrack.k')}>
            ±{k}
          </output>
          <button type="button" className="felt-btn felt-btn-sm" onClick={() => setK((x) => Math.min(profile.racetrack.neighboursMax, x + 1))} aria-label={t('racetrack.more')} disabled={k >= profile.racetrack.neighboursMax}>
            +
          </button>
        </div>
      </div>
      <svg viewBox={`0 0 ${VW} ${VH}`} className="racetrack-svg" role="group" aria-label={t('racetrack.numbers')} onPointerLeave={() => onPreview([])}>
        <defs>
          <clipPath id={clipId}>
            <path d={stadium(RI)} />
          </clipPath>
        </defs>
        <path d={stadium(R + 3)} fill="rgba(0,0,0,0.25)" stroke="rgba(241,231,200,0.5)" strokeWidth="0.3" />
        <g role="group" aria-label={t('racetrack.announced')} clipPath={`url(#${clipId})`}>
          {G.sectors.map((s) => (
            <g
              key={s.kind}
              role="button"
              tabIndex={open ? 0 : -1}
              aria-label={sectorLabel(s.kind)}
              aria-disabled={!open}
              data-sector={s.kind}
              className={`rt-sector is-${s.kind}${stakes.has(s.kind) ? ' has-bet' : ''}`}
              onPointerEnter={() => preview(s.kind)}
              onPointerDown={() => preview(s.kind)}
              onFocus={() => preview(s.kind)}
              onBlur={() => onPreview([])}
              onClick={() => open && onPlace(s.kind)}
              onKeyDown={keys(s.kind)}
            >
              <polygon points={points(s.polygon)} />
              <text x={s.label.x} y={s.label.y} textAnchor="middle" dominantBaseline="central" className="rt-sector-label">
                {t(`racetrack.short.${s.kind}`)}
              </text>
              {stakes.has(s.kind) ? <circle className="rt-sector-chip" cx={s.label.x} cy={s.label.y + 3.6} r="1.6" /> : null}
            </g>
          ))}
        </g>
        <path d={stadium(RI)} fill="none" stroke="rgba(241,231,200,0.55)" strokeWidth="0.3" pointerEvents="none" />
        {G.pockets.map(({ number: n, at: p }) => {
          const c = roulette.colourOf(n);
          const spot = `neighbours:${n}:${k}`;
          return (
            <g
              key={n}
              role="button"
              tabIndex={open ? 0 : -1}
              aria-label={t('racetrack.place', { n, k })}
              aria-disabled={!open}
              className={`rt-num${lit.has(n) ? ' is-lit' : ''}`}
              onPointerEnter={() => preview(spot)}
              onPointerDown={() => preview(spot)}
              onFocus={() => preview(spot)}
              onBlur={() => onPreview([])}
              onClick={() => open && onPlace(spot)}
              onKeyDown={keys(spot)}
            >
              <circle cx={p.x} cy={p.y} r="2.45" fill={c === 'red' ? '#b3202a' : c === 'black' ? '#1b1e21' : '#0f7a45'} stroke="rgba(241,231,200,0.8)" strokeWidth="0.2" />
              <text x={p.x} y={p.y} textAnchor="middle" dominantBaseline="central" fontSize="2.2" className="rt-label">
                {n}
              </text>
            </g>
          );
        })}
      </svg>
    </section>
  );
}
