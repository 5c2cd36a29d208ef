import { moneyWheel } from '@felt-studio/games';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import './money-wheel.css';

/** Segment colours by what the segment pays (one colour per number, gold for multipliers). */
const TONE: Readonly<Record<string, string>> = { '1': '#e8c547', '2': '#3d8fd6', '5': '#9b59b6', '10': '#2fa66a', '20': '#e67e22', '40': '#d64541' };
const toneOf = (label: string): string => TONE[label] ?? (label.endsWith('x') ? '#c9a227' : '#777');

/** The wheel drawn from the profile's layout (MW-1), turned so the segment the pointer stopped on is at the top. */
function Wheel({ layout, stopped, label }: { readonly layout: readonly string[]; readonly stopped: number | null; readonly label: string }) {
  const n = layout.length;
  const step = 360 / n;
  const r = 100;
  const turn = stopped === null ? 0 : -(stopped + 0.5) * step;
  const point = (deg: number, radius: number): string => {
    const a = ((deg - 90) * Math.PI) / 180;
    return `${(radius * Math.cos(a)).toFixed(2)} ${(radius * Math.sin(a)).toFixed(2)}`;
  };
  return (
    <svg className="mw-wheel" viewBox="-110 -116 220 226" role="img" aria-label={label}>
      <g transform={`rotate(${turn.toFixed(2)})`}>
        {layout.map((seg, i) => {
          const a0 = i * step;
          const a1 = a0 + step;
          const mid = a0 + step / 2;
          return (
            <g key={i} className={i === stopped ? 'mw-seg is-stopped' : 'mw-seg'}>
              <path d={`M 0 0 L ${point(a0, r)} A ${r} ${r} 0 0 1 ${point(a1, r)} Z`} fill={toneOf(seg)} stroke="#1b1b1b" strokeWidth="0.6" />
              <text transform={`rotate(${mid.toFixed(2)}) translate(0 ${-r + 10})`} textAnchor="middle" dominantBaseline="middle" fontSize="6.5" fill="#111" fontWeight="700">
                {seg}
              </text>
            </g>
          );
        })}
        <circle r="26" fill="#1b1b1b" stroke="#c9a227" strokeWidth="2" />
      </g>
      <path d="M -6 -114 L 6 -114 L 0 -100 Z" fill="#fff" stroke="#111" strokeWidth="1" />
    </svg>
  );
}

/**
 * Money Wheel (MW-1..MW-4, issue 20 defect 2): the wheel with its segments, the numbers to back with
 * what each pays, the multipliers landed this round (MW-2), void spins (MW-4) and the result.
 */
export default function MoneyWheelTable(props: GameProps) {
  const { table, view: raw, locale } = props;
  const { t } = useTranslation('player');
  const profile = moneyWheel.moneyWheelProfiles[table.profileId] ?? moneyWheel.MONEY_WHEEL_STANDARD;
  const view = raw as moneyWheel.MoneyWheelView | null;
  const spins = view?.spins ?? [];
  const lastValid = [...spins].reverse().find((s): s is Extract<moneyWheel.RecordedSpin, { valid: true }> => s.valid) ?? null;
  const lastInvalid = spins.length > 0 && spins[spins.length - 1]?.valid === false;
  const result = view?.result ?? null;
  const multiplier = view?.multiplier ?? null;
  const phase = view?.phase ?? 'none';
  const status =
    result !== null
      ? multiplier !== null
        ? t('moneyWheel.resultMultiplied', { n: result, m: multiplier })
        : t('moneyWheel.result', { n: result })
      : phase === 'void' || view?.voidReason
        ? t('moneyWheel.void')
        : lastInvalid
          ? t('moneyWheel.invalid')
          : multiplier !== null
            ? t('moneyWheel.multiplier', { list: (view?.multipliers ?? []).join(' × '), m: multiplier })
            : phase === 'betting'
              ? t('moneyWheel.betting')
              : phase === 'closed'
                ? t('moneyWheel.spinning')
                : t('moneyWheel.waiting');
  const counts = new Map<string, number>();
  for (const l of profile.layout) counts.set(l, (counts.get(l) ?? 0) + 1);
  const numbers = moneyWheel.betNumbers(profile);
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="mw-live">
          <Wheel layout={profile.layout} stopped={lastValid?.index ?? null} label={t('moneyWheel.wheel')} />
          <LiveStatus>
            {status}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <Limits table={table} kinds={['number']} locale={locale} />
        <p className="felt-muted">{t('moneyWheel.multipliers')}</p>
      </aside>
      <div className="board">
        <div className="mw-spots" role="group" aria-label={t('moneyWheel.numbers')}>
          {numbers.map((n) => {
            const s = moneyWheel.spotKey(n);
            const pays = profile.pays[String(n)];
            return (
              <div key={s} className="mw-spot" style={{ '--mw-tone': toneOf(String(n)) } as React.CSSProperties}>
                <TableBetSpot at={props} spot={s} limitKind="number" label={String(n)} pays={pays ? `${Number((pays.num / pays.den).toFixed(2))}:1` : `${n}:1`} className={`is-mw-${n}`} winning={result === n} />
                <span className="felt-muted mw-count">{t('moneyWheel.segments', { count: counts.get(String(n)) ?? 0 })}</span>
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
