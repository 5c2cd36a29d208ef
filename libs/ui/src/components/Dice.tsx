import { useTranslation } from 'react-i18next';

const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[2, 2]],
  2: [[1, 1], [3, 3]],
  3: [[1, 1], [2, 2], [3, 3]],
  4: [[1, 1], [3, 1], [1, 3], [3, 3]],
  5: [[1, 1], [3, 1], [2, 2], [1, 3], [3, 3]],
  6: [[1, 1], [3, 1], [1, 2], [3, 2], [1, 3], [3, 3]],
};

/** One die face (SVG) named "Die showing 4". */
export function Die({ value, size = 48 }: { readonly value: number; readonly size?: number }) {
  const { t } = useTranslation('common');
  return (
    <svg className="felt-die" role="img" aria-label={t('dice.die', { n: value })} width={size} height={size} viewBox="0 0 40 40">
      <rect x="1" y="1" width="38" height="38" rx="8" fill="#f6f1e6" stroke="#b9a77a" />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 10} cy={y * 10} r="3.6" fill={value === 1 || value === 4 ? '#c8232c' : '#1a1a1a'} />
      ))}
    </svg>
  );
}

export function DiceRow({ dice, size }: { readonly dice: readonly number[] | null; readonly size?: number }) {
  const { t } = useTranslation('common');
  if (!dice || dice.length === 0) return <span className="felt-muted">{t('dice.none')}</span>;
  return (
    <span className="felt-dice-row">
      {dice.map((d, i) => (
        <Die key={i} value={d} size={size ?? 48} />
      ))}
    </span>
  );
}
