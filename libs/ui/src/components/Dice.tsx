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
/** A die's colour where the rules name it (Lucky Dice: a red and a green die, LD-1); null = the plain ivory die. */
export type DieColour = 'red' | 'green' | null;

const FACE: Readonly<Record<'red' | 'green' | 'plain', { fill: string; stroke: string; pip: (v: number) => string }>> = {
  plain: { fill: '#f6f1e6', stroke: '#b9a77a', pip: (v) => (v === 1 || v === 4 ? '#c8232c' : '#1a1a1a') },
  red: { fill: '#c8232c', stroke: '#7d1016', pip: () => '#fff' },
  green: { fill: '#1f8a4c', stroke: '#0f4d29', pip: () => '#fff' },
};

export function Die({ value, size = 48, colour = null }: { readonly value: number; readonly size?: number; readonly colour?: DieColour }) {
  const { t } = useTranslation('common');
  const face = FACE[colour ?? 'plain'];
  const label = colour === null ? t('dice.die', { n: value }) : t(`dice.${colour}`, { n: value });
  return (
    <svg className={`felt-die${colour ? ` is-${colour}` : ''}`} role="img" aria-label={label} width={size} height={size} viewBox="0 0 40 40">
      <rect x="1" y="1" width="38" height="38" rx="8" fill={face.fill} stroke={face.stroke} />
      {(PIPS[value] ?? []).map(([x, y], i) => (
        <circle key={i} cx={x * 10} cy={y * 10} r="3.6" fill={face.pip(value)} />
      ))}
    </svg>
  );
}

/** `colours`: each die's colour, in order (Lucky Dice: `['red', 'green']`). */
export function DiceRow({ dice, size, colours }: { readonly dice: readonly number[] | null; readonly size?: number; readonly colours?: readonly DieColour[] }) {
  const { t } = useTranslation('common');
  if (!dice || dice.length === 0) return <span className="felt-muted">{t('dice.none')}</span>;
  return (
    <span className="felt-dice-row">
      {dice.map((d, i) => (
        <Die key={i} value={d} size={size ?? 48} colour={colours?.[i] ?? null} />
      ))}
    </span>
  );
}
