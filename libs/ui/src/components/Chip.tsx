import { useTranslation } from 'react-i18next';
import { chipLabel, formatMoneyShort } from '../money.js';

/** Chip colours by denomination index (casino convention: white, red, green, black, purple, gold). */
const CHIP_COLOURS = ['#e9e4d8', '#c8232c', '#1d8a4e', '#1f2328', '#6b2fa3', '#c99a2e', '#1f5fae', '#e36414'] as const;
const CHIP_INK = ['#1a1a1a', '#fff', '#fff', '#f4d67a', '#fff', '#1a1a1a', '#fff', '#fff'] as const;

export const DEFAULT_CHIPS_MINOR = [100, 500, 1_000, 2_500, 10_000, 50_000] as const;

/** Chip values for a table: the default set within [tableMin, tableMax] (at least the minimum). */
export function chipsFor(tableMinMinor: number, tableMaxMinor: number): number[] {
  const inRange = DEFAULT_CHIPS_MINOR.filter((v) => v >= tableMinMinor && v <= tableMaxMinor);
  return inRange.length > 0 ? [...inRange] : [tableMinMinor];
}

function colourIndex(valueMinor: number): number {
  const i = DEFAULT_CHIPS_MINOR.indexOf(valueMinor as (typeof DEFAULT_CHIPS_MINOR)[number]);
  if (i >= 0) return i;
  return Math.min(CHIP_COLOURS.length - 1, Math.max(0, Math.floor(Math.log10(Math.max(1, valueMinor))) - 1));
}

export interface ChipFaceProps {
  readonly valueMinor: number;
  readonly currency: string;
  readonly size?: number;
}

/** The chip's drawing (SVG, decorative: the surrounding control carries the name). */
export function ChipFace({ valueMinor, currency, size = 48 }: ChipFaceProps) {
  const i = colourIndex(valueMinor);
  const fill = CHIP_COLOURS[i] ?? CHIP_COLOURS[0];
  const ink = CHIP_INK[i] ?? '#fff';
  const label = chipLabel(valueMinor, currency);
  return (
    <svg className="felt-chip-face" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <circle cx="24" cy="24" r="23" fill={fill} stroke="rgba(0,0,0,.45)" strokeWidth="1" />
      <circle cx="24" cy="24" r="19" fill="none" stroke="#fff" strokeWidth="5" strokeDasharray="6 6" opacity=".85" />
      <circle cx="24" cy="24" r="14" fill={fill} stroke="rgba(255,255,255,.6)" strokeWidth="1" />
      <text x="24" y="24" textAnchor="middle" dominantBaseline="central" fontSize={label.length > 3 ? 10 : 13} fontWeight="800" fill={ink}>
        {label}
      </text>
    </svg>
  );
}

export interface ChipSelectorProps {
  readonly values: readonly number[];
  readonly selected: number;
  readonly currency: string;
  readonly locale: string;
  readonly onSelect: (valueMinor: number) => void;
  readonly disabled?: boolean;
}

/** The chip rack: one radio button per chip value (large touch targets). */
export function ChipSelector({ values, selected, currency, locale, onSelect, disabled }: ChipSelectorProps) {
  const { t } = useTranslation('common');
  return (
    <div className="felt-chip-rack" role="radiogroup" aria-label={t('chips.select')}>
      {values.map((v) => (
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={v === selected}
          aria-label={t('chips.chip', { value: formatMoneyShort(v, currency, locale) })}
          className={v === selected ? 'felt-chip is-selected' : 'felt-chip'}
          disabled={disabled}
          onClick={() => onSelect(v)}
        >
          <ChipFace valueMinor={v} currency={currency} size={52} />
        </button>
      ))}
    </div>
  );
}

/**
 * The chips that make up an amount, largest first (issue 20 defect 12: a €4 stake is four €1 chips, not
 * one €1 chip labelled "4"): the default denominations greedily, a remainder below the smallest as a
 * chip of its own value.
 */
export function chipBreakdown(amountMinor: number): number[] {
  const out: number[] = [];
  let left = Math.max(0, Math.floor(amountMinor));
  for (const v of [...DEFAULT_CHIPS_MINOR].reverse()) {
    while (left >= v) {
      out.push(v);
      left -= v;
    }
  }
  if (left > 0) out.push(left);
  return out;
}

/** At most this many chips are drawn in a stack (the total says the rest). */
const MAX_DRAWN = 5;

/**
 * The stake on a bet spot, drawn as a stack of its denominations (largest at the bottom) with the total.
 * Absolutely positioned inside its spot and of fixed size, so a chip landing never moves anything around
 * it (no layout shift): the stack grows upwards inside the same box.
 */
export function ChipStack({ amountMinor, currency, pending }: { readonly amountMinor: number; readonly currency: string; readonly pending?: boolean }) {
  if (amountMinor <= 0) return null;
  const chips = chipBreakdown(amountMinor);
  const drawn = chips.slice(0, MAX_DRAWN);
  return (
    <span className={pending ? 'felt-chip-stack is-pending' : 'felt-chip-stack'} data-amount={amountMinor} data-chips={chips.join(',')} aria-hidden="true">
      {drawn.map((v, i) => (
        <span key={i} className="felt-chip-stack-chip" style={{ transform: `translateY(${-3 * i}px)`, zIndex: i }}>
          <ChipFace valueMinor={v} currency={currency} size={30} />
        </span>
      ))}
      <span className="felt-chip-stack-total">{chipLabel(amountMinor, currency)}</span>
    </span>
  );
}
