import { roulette, rouletteCoveredNumbers } from '@felt/games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const VW = 100;
const VH = 34;
const R = 13; // end radius
const CX1 = R + 3;
const CX2 = VW - R - 3;
const CY = VH / 2;

/** 37 points evenly along a stadium (racetrack) outline, clockwise from the top-left straight. */
function stadiumPoints(n: number): { x: number; y: number }[] {
  const straight = CX2 - CX1;
  const arc = Math.PI * R;
  const total = 2 * straight + 2 * arc;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    let d = ((i + 0.5) / n) * total;
    if (d < straight) out.push({ x: CX1 + d, y: CY - R });
    else if ((d -= straight) < arc) {
      const a = -Math.PI / 2 + d / R;
      out.push({ x: CX2 + R * Math.cos(a), y: CY + R * Math.sin(a) });
    } else if ((d -= arc) < straight) out.push({ x: CX2 - d, y: CY + R });
    else {
      d -= straight;
      const a = Math.PI / 2 + d / R;
      out.push({ x: CX1 + R * Math.cos(a), y: CY + R * Math.sin(a) });
    }
  }
  return out;
}

// Wheel order rotated so that the tiers section runs along the top like on a French racetrack.
const START = roulette.WHEEL_ORDER.indexOf(27);
const ORDER = [...roulette.WHEEL_ORDER.slice(START), ...roulette.WHEEL_ORDER.slice(0, START)];
const POINTS = stadiumPoints(ORDER.length);

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
 * The racetrack: the numbers in wheel order; a number places "neighbours" (N and K either side,
 * K adjustable 1…profile max), the four French announced bets are buttons. Hover / focus previews
 * the covered numbers here and on the layout.
 */
export function Racetrack({ profile, open, highlight, stakes, onPlace, onPreview }: RacetrackProps) {
  const { t } = useTranslation('player');
  const [k, setK] = useState(profile.racetrack.neighboursDefault);
  const lit = new Set(highlight);
  const preview = (spot: string): void => {
    const r = rouletteCoveredNumbers(spot, profile);
    onPreview(r.ok ? r.value : []);
  };
  const enabled = profile.racetrack.enabled !== false;
  if (!enabled) return null;
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
      <div className="racetrack-body">
        <svg viewBox={`0 0 ${VW} ${VH}`} className="racetrack-svg" role="group" aria-label={t('racetrack.numbers')} onPointerLeave={() => onPreview([])}>
          <rect x={CX1 - R} y={CY - R} width={CX2 - CX1 + 2 * R} height={2 * R} rx={R} fill="none" stroke="rgba(241,231,200,0.5)" strokeWidth="0.3" />
          <rect x={CX1 - R + 5.4} y={CY - R + 5.4} width={CX2 - CX1 + 2 * R - 10.8} height={2 * R - 10.8} rx={R - 5.4} fill="rgba(0,0,0,0.2)" stroke="rgba(241,231,200,0.4)" strokeWidth="0.25" />
          {ORDER.map((n, i) => {
            const p = POINTS[i] as { x: number; y: number };
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
                onFocus={() => preview(spot)}
                onBlur={() => onPreview([])}
                onClick={() => open && onPlace(spot)}
                onKeyDown={(e) => {
                  if (open && (e.key === 'Enter' || e.key === ' ')) {
                    e.preventDefault();
                    onPlace(spot);
                  }
                }}
              >
                <circle cx={p.x} cy={p.y} r="2.45" fill={c === 'red' ? '#b3202a' : c === 'black' ? '#1b1e21' : '#0f7a45'} stroke="rgba(241,231,200,0.8)" strokeWidth="0.2" />
                <text x={p.x} y={p.y} textAnchor="middle" dominantBaseline="central" fontSize="2.2" className="rt-label">
                  {n}
                </text>
              </g>
            );
          })}
        </svg>
        <div className="announced" role="group" aria-label={t('racetrack.announced')}>
          {ANNOUNCED.map((a) => (
            <button
              key={a}
              type="button"
              className={stakes.has(a) ? 'felt-btn announced-btn has-bet' : 'felt-btn announced-btn'}
              disabled={!open}
              onPointerEnter={() => preview(a)}
              onPointerLeave={() => onPreview([])}
              onFocus={() => preview(a)}
              onBlur={() => onPreview([])}
              onClick={() => onPlace(a)}
            >
              {t(`spots.roulette.${a}`)}
              <span className="announced-chips">{t('racetrack.chips', { count: roulette.ANNOUNCED_CHIPS[a].length })}</span>
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
