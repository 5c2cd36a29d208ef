import { roulette } from '@felt-studio/games';
import { useTranslation } from 'react-i18next';

const N = roulette.WHEEL_ORDER.length;

/** The live wheel: pockets in wheel order; spinning while the ball is in motion; the winning pocket at the top with the ball. */
export function Wheel({ winning, spinning, size = 240 }: { readonly winning: number | null; readonly spinning: boolean; readonly size?: number }) {
  const { t } = useTranslation('player');
  const idx = winning === null ? 0 : roulette.WHEEL_ORDER.indexOf(winning);
  const angle = -(idx * 360) / N;
  return (
    <div className="wheel-wrap" style={{ width: size, height: size }}>
      <svg viewBox="-50 -50 100 100" width={size} height={size} className={spinning ? 'wheel is-spinning' : 'wheel'} role="img" aria-label={winning === null ? t('roulette.wheel') : t('roulette.wheelResult', { n: winning })}>
        <circle r="49" fill="#5a3a1a" stroke="#c99a2e" strokeWidth="1.5" />
        <g style={{ transform: `rotate(${angle}deg)`, transition: spinning ? 'none' : 'transform 1.2s cubic-bezier(.2,.8,.2,1)' }} className="wheel-rotor">
          {roulette.WHEEL_ORDER.map((n, i) => {
            const a0 = ((i - 0.5) * 2 * Math.PI) / N - Math.PI / 2;
            const a1 = ((i + 0.5) * 2 * Math.PI) / N - Math.PI / 2;
            const r0 = 30;
            const r1 = 45;
            const p = (r: number, a: number): string => `${(r * Math.cos(a)).toFixed(2)} ${(r * Math.sin(a)).toFixed(2)}`;
            const c = roulette.colourOf(n);
            const mid = (i * 2 * Math.PI) / N - Math.PI / 2;
            return (
              <g key={n}>
                <path d={`M ${p(r0, a0)} L ${p(r1, a0)} A ${r1} ${r1} 0 0 1 ${p(r1, a1)} L ${p(r0, a1)} A ${r0} ${r0} 0 0 0 ${p(r0, a0)} Z`} fill={c === 'red' ? '#b3202a' : c === 'black' ? '#15171a' : '#0f7a45'} stroke="#c99a2e" strokeWidth="0.3" />
                <text x={40.5 * Math.cos(mid)} y={40.5 * Math.sin(mid)} fontSize="3.6" fill="#fff" textAnchor="middle" dominantBaseline="central" transform={`rotate(${(i * 360) / N} ${40.5 * Math.cos(mid)} ${40.5 * Math.sin(mid)})`}>
                  {n}
                </text>
              </g>
            );
          })}
          <circle r="30" fill="#2a1a0c" stroke="#c99a2e" strokeWidth="0.6" />
          <circle r="12" fill="#c99a2e" />
          <path d="M -2 -22 L 2 -22 L 1 22 L -1 22 Z M -22 -2 L -22 2 L 22 1 L 22 -1 Z" fill="#e8c766" />
        </g>
        {winning !== null && !spinning ? <circle cx="0" cy="-33.5" r="2.4" fill="#fdfdf8" stroke="#888" strokeWidth="0.3" /> : null}
      </svg>
    </div>
  );
}

export { NumberBadge } from '../../../table/components/NumberBadge';
