import { ROULETTE_LAYOUT_BOXES, ROULETTE_LAYOUT_SIZE, roulette, rouletteChipPlacements, rouletteCoveredNumbers, rouletteHitTest, type Point } from '@felt-studio/games';
import { ChipFace, chipBreakdown, chipLabel } from '@felt-studio/ui';
import './roulette.css';
import { useMemo, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';

const { width: W, height: H } = ROULETTE_LAYOUT_SIZE;

export type Orientation = 'horizontal' | 'vertical';

/** Screen point inside the SVG (0..1 of its box) → layout units, for either orientation. */
export function toLayoutPoint(fx: number, fy: number, orientation: Orientation): Point {
  // vertical = the horizontal layout turned 90° clockwise: screen (sx, sy) = (H − y, x)
  return orientation === 'horizontal' ? { x: fx * W, y: fy * H } : { x: fy * W, y: H - fx * H };
}

export interface RouletteLayoutProps {
  readonly profile: roulette.RouletteProfile;
  /** Accepted stake per spot key (announced bets are drawn as their chips). */
  readonly stakes: ReadonlyMap<string, number>;
  readonly pending: ReadonlyMap<string, number>;
  readonly currency: string;
  readonly open: boolean;
  readonly orientation: Orientation;
  /** Numbers highlighted from outside (racetrack hover, winning number). */
  readonly highlight: readonly number[];
  readonly winning: number | null;
  readonly onPlace: (spot: string) => void;
  readonly onPreview: (numbers: readonly number[]) => void;
  readonly describe: (spot: string) => string;
}

interface Chip {
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly amount: number;
  readonly pending: boolean;
}

/** Chips on the layout: one per spot; an announced bet spreads its stake over its chip spots. */
function chipsOf(stakes: ReadonlyMap<string, number>, pending: ReadonlyMap<string, number>, profile: roulette.RouletteProfile): Chip[] {
  const at = new Map<string, Chip>();
  const add = (spot: string, amount: number, isPending: boolean): void => {
    const p = rouletteChipPlacements(spot, profile);
    if (!p.ok) return;
    const total = p.value.reduce((s, c) => s + c.chips, 0);
    for (const c of p.value) {
      const prev = at.get(c.key);
      const share = Math.round((amount * c.chips) / total);
      at.set(c.key, { key: c.key, x: c.anchor.x, y: c.anchor.y, amount: (prev?.amount ?? 0) + share, pending: isPending && !prev });
    }
  };
  for (const [s, a] of stakes) add(s, a, false);
  for (const [s, a] of pending) add(s, a, true);
  return [...at.values()];
}

/**
 * The full roulette layout (ROU-2): zero, 36 numbers, columns, dozens, even-money boxes, and every
 * inside bet on the lines between them (splits, streets, corners, six lines, zero splits, trios,
 * first four). The spot under the pointer is resolved by `rouletteHitTest` (libs/games, GEN-7) and
 * previewed — its covered numbers light up and its name shows — before the click places the chip.
 */
export function RouletteLayout(props: RouletteLayoutProps) {
  const { t } = useTranslation('player');
  const { profile, orientation } = props;
  const [hover, setHover] = useState<{ key: string; numbers: readonly number[] } | null>(null);
  const chips = useMemo(() => chipsOf(props.stakes, props.pending, profile), [props.stakes, props.pending, profile]);
  const lit = new Set(hover?.numbers ?? props.highlight);

  const spotAt = (e: PointerEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    return rouletteHitTest(toLayoutPoint((e.clientX - r.left) / r.width, (e.clientY - r.top) / r.height, orientation));
  };
  const preview = (e: PointerEvent<SVGSVGElement>): void => {
    const s = spotAt(e);
    if (!s) {
      setHover(null);
      props.onPreview([]);
      return;
    }
    if (hover?.key === s.key) return;
    const nums = rouletteCoveredNumbers(s.key, profile);
    const numbers = nums.ok ? nums.value : [];
    setHover({ key: s.key, numbers });
    props.onPreview(numbers);
  };
  const leave = (): void => {
    setHover(null);
    props.onPreview([]);
  };
  const click = (e: PointerEvent<SVGSVGElement>): void => {
    const s = spotAt(e);
    if (s && props.open) props.onPlace(s.key);
  };

  const vb = orientation === 'horizontal' ? `-0.05 -0.05 ${W + 0.1} ${H + 0.1}` : `-0.05 -0.05 ${H + 0.1} ${W + 0.1}`;
  const rot = orientation === 'horizontal' ? undefined : `matrix(0 1 -1 0 ${H} 0)`;
  const upright = (cx: number, cy: number): string | undefined => (orientation === 'horizontal' ? undefined : `rotate(-90 ${cx} ${cy})`);
  const boxLabel = (key: string, number: number | null): string => {
    if (number !== null) return String(number);
    if (key.startsWith('column')) return '2:1';
    if (key.startsWith('dozen')) return t(`roulette.dozenShort.${key.split(':')[1]}`);
    return t(`roulette.box.${key}`);
  };

  return (
    <div className={`roulette-layout is-${orientation}`}>
      <p className="layout-hint" aria-live="polite">
        {hover ? (
          <>
            <strong className="layout-hint-spot">{props.describe(hover.key)}</strong>
            <span className="layout-hint-covers">{t('roulette.covers', { numbers: hover.numbers.join(', ') })}</span>
          </>
        ) : props.open ? (
          t('roulette.hint')
        ) : (
          t('roulette.closedHint')
        )}
      </p>
      <svg
        className="layout-svg"
        viewBox={vb}
        role="img"
        aria-label={t('roulette.layoutLabel')}
        onPointerMove={preview}
        onPointerDown={preview}
        onPointerLeave={leave}
        onClick={click}
        data-orientation={orientation}
        style={{ cursor: props.open ? 'pointer' : 'not-allowed' }}
      >
        <g transform={rot}>
          {ROULETTE_LAYOUT_BOXES.map((b) => {
            const isNum = b.number !== null;
            const on = isNum && lit.has(b.number as number);
            const win = isNum && props.winning === b.number;
            const fill = b.colour === 'red' ? '#b3202a' : b.colour === 'black' ? '#1b1e21' : b.colour === 'green' ? '#0f7a45' : 'transparent';
            const cx = b.x + b.w / 2;
            const cy = b.y + b.h / 2;
            const isBox = !isNum && (b.key === 'red' || b.key === 'black');
            return (
              <g key={b.key} className={`box${on ? ' is-lit' : ''}${win ? ' is-win' : ''}`} data-spot={b.key}>
                <rect x={b.x + 0.03} y={b.y + 0.03} width={b.w - 0.06} height={b.h - 0.06} rx={b.key === 'straight:0' ? 0.4 : 0.06} fill={isNum ? fill : 'rgba(0,0,0,0.12)'} stroke="rgba(241,231,200,0.75)" strokeWidth="0.03" />
                {isBox ? <rect x={cx - 0.32} y={cy - 0.22} width="0.64" height="0.44" transform={`rotate(45 ${cx} ${cy})`} fill={fill} /> : null}
                {!isBox ? (
                  <text x={cx} y={cy} transform={isNum ? upright(cx, cy) : undefined} textAnchor="middle" dominantBaseline="central" className="box-label" fontSize={isNum ? 0.42 : 0.32}>
                    {boxLabel(b.key, b.number)}
                  </text>
                ) : null}
              </g>
            );
          })}
          {chips.map((c) => (
            <g key={c.key} className={c.pending ? 'layout-chip is-pending' : 'layout-chip'} data-chip={c.key} data-amount={c.amount} transform={`translate(${c.x} ${c.y})`} pointerEvents="none">
              {/* the stake as its denominations (issue 20 defect 12), the largest at the bottom, at most 4 drawn */}
              {chipBreakdown(c.amount)
                .slice(0, 4)
                .map((v, i) => (
                  <g key={i} className="layout-chip-face" data-value={v} transform={`${upright(0, 0) ?? ''} translate(-0.3 ${-0.3 - 0.06 * i}) scale(${0.6 / 48})`}>
                    <ChipFace valueMinor={v} currency={props.currency} size={48} />
                  </g>
                ))}
              <text y="-0.36" transform={upright(0, 0)} textAnchor="middle" className="chip-total" fontSize="0.22">
                {chipLabel(c.amount, props.currency)}
              </text>
            </g>
          ))}
          {/* issue 20 defect 12: a number with a chip on it stays readable: its label is drawn again above the chips */}
          {ROULETTE_LAYOUT_BOXES.filter((b) => b.number !== null && chips.some((c) => Math.abs(c.x - (b.x + b.w / 2)) < b.w / 2 + 0.3 && Math.abs(c.y - (b.y + b.h / 2)) < b.h / 2 + 0.3)).map((b) => {
            const cx = b.x + b.w / 2;
            const cy = b.y + b.h / 2;
            return (
              <text key={`over-${b.key}`} x={cx} y={cy} transform={upright(cx, cy)} textAnchor="middle" dominantBaseline="central" className="box-label is-over" fontSize={0.42} pointerEvents="none" data-over={b.number ?? undefined}>
                {b.number}
              </text>
            );
          })}
        </g>
      </svg>
    </div>
  );
}
