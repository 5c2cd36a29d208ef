import { sicbo, type Ratio } from '@felt-studio/games';
import { DiceRow } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { TableBetSpot } from '../../../table/components/BetSpot';
import { Limits } from '../../../table/components/Limits';
import { VideoArea } from '../../../table/components/VideoArea';
import { LiveStatus } from '../../../table/components/LiveStatus';
import type { GameProps } from '../../../table/game';
import { RecentDice } from '../../../table/components/Recent';
import { spotLabel } from '../../../table/spotLabel';
import { useTableResults } from '../../../table/hooks/useTableData';

const GROUPS: readonly { key: string; spots: readonly string[] }[] = [
  { key: 'main', spots: ['small', 'odd', 'any-triple', 'even', 'big'] },
  { key: 'totals', spots: Array.from({ length: 14 }, (_, i) => `total:${i + 4}`) },
  { key: 'singles', spots: [1, 2, 3, 4, 5, 6].map((f) => `single:${f}`) },
  { key: 'doubles', spots: [1, 2, 3, 4, 5, 6].map((f) => `double:${f}`) },
  { key: 'triples', spots: [1, 2, 3, 4, 5, 6].map((f) => `triple:${f}`) },
  { key: 'combos', spots: sicbo.SICBO_SPOTS.filter((s) => s.startsWith('combo:')) },
];

const ratioText = (r: Ratio): string => `${Number((r.num / r.den).toFixed(2))}:1`;

/** What a spot pays under the profile (SB-2): "1:1", "50:1", a single number "1:1 / 2:1 / 3:1" (1, 2 or 3 dice). */
export function sicboPays(key: string, p: sicbo.SicboProfile): string | undefined {
  const parsed = sicbo.parseSpot(key);
  if (!parsed.ok) return undefined;
  const s = parsed.value;
  switch (s.type) {
    case 'small':
      return ratioText(p.pays.small);
    case 'big':
      return ratioText(p.pays.big);
    case 'odd':
      return ratioText(p.pays.odd);
    case 'even':
      return ratioText(p.pays.even);
    case 'total': {
      const r = p.pays.total[s.total];
      return r ? ratioText(r) : undefined;
    }
    case 'single':
      return p.pays.single.map(ratioText).join(' / ');
    case 'double':
      return ratioText(p.pays.double);
    case 'triple':
      return ratioText(p.pays.triple);
    case 'any-triple':
      return ratioText(p.pays.anyTriple);
    case 'combo':
      return ratioText(p.pays.combo);
  }
}

/** The spots the dice win (SB-2), for the highlight once the dice are read. */
export function sicboWinning(dice: readonly number[] | null | undefined, p: sicbo.SicboProfile): ReadonlySet<string> {
  if (!dice || dice.length !== 3) return new Set();
  const d = dice as unknown as sicbo.Dice;
  return new Set(sicbo.SICBO_SPOTS.filter((k) => {
    const parsed = sicbo.parseSpot(k);
    return parsed.ok && sicbo.resolveSpot(parsed.value, d, p).outcome === 'win';
  }));
}

/**
 * Sic Bo: every bet of SB-2 in groups, each with what it pays; once the dice are read the winning spots
 * are marked (issue 20 defect 12); RES-3 explained (not Big and Small, nor Odd and Even, in one round).
 */
export default function SicboTable(props: GameProps) {
  const { table, view: raw, locale } = props;
  const { t } = useTranslation('player');
  const view = raw as sicbo.SicboView | null;
  const results = useTableResults(table.tableId, 20);
  const kind = (s: string): string => s.split(':')[0] as string;
  const profile = sicbo.sicboProfiles[table.profileId] ?? sicbo.SICBO_STANDARD;
  const winning = sicboWinning(view?.dice, profile);
  return (
    <div className="game-grid">
      <VideoArea tableId={table.tableId} tableName={table.name}>
        <div className="sicbo-live">
          <DiceRow dice={view?.dice ?? null} size={72} />
          <LiveStatus>
            {view?.dice ? t('sicbo.total', { total: view.dice.reduce((a, b) => a + b, 0) }) : t(`common:phases.${view?.phase ?? 'none'}`)}
          </LiveStatus>
        </div>
      </VideoArea>
      <aside className="side-panels">
        <RecentDice results={results.data ?? []} diceOf={(v) => (v as { dice?: number[] | null }).dice ?? null} />
        <Limits table={table} kinds={['small', 'total', 'single', 'double', 'triple', 'any-triple', 'combo']} locale={locale} />
      </aside>
      <div className="board sicbo-board">
        {GROUPS.map((g) => (
          <div key={g.key} className={`sicbo-group is-${g.key}`} role="group" aria-label={t(`sicbo.groups.${g.key}`)}>
            {g.spots.map((s) => (
              <TableBetSpot key={s} at={props} spot={s} limitKind={kind(s)} label={spotLabel('sicbo', s, t)} pays={sicboPays(s, profile)} winning={winning.has(s)} />
            ))}
          </div>
        ))}
        <p className="felt-muted restriction">{t('restrictions.RES-3')}</p>
      </div>
    </div>
  );
}
