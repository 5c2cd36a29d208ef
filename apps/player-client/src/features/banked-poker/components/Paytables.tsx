import type { bankedPoker } from '@felt-studio/games';
import { useTranslation } from 'react-i18next';

/** "N:1", or "3:2" for a fractional pay (UTH's Blind flush), in the locale's digits. */
export function paysText(pays: readonly [number, number], locale: string): string {
  const n = new Intl.NumberFormat(locale);
  return `${n.format(pays[0])}:${n.format(pays[1])}`;
}

/**
 * What a betting spot pays, in a few words for the spot itself (issue 20: Casino Hold'em's and Three Card
 * Poker's spots showed limits and no payout): from the spot's own paytable, the very numbers the referee
 * settles with. A table whose unlisted hands lose: its lowest and highest pay ("pays 1:1 – 100:1"); a
 * table whose unlisted hands keep the stake (a bonus beside the spot's own win: Three Card Poker's Ante
 * bonus, TCP-5; UTH's Blind): its highest ("bonus up to 5:1"), after what the spot itself pays when it wins
 * where the game says so (`beside`: Three Card Poker's Ante 1:1, TCP-4 — "pays 1:1 · bonus up to 5:1").
 * `null`: the spot has no paytable.
 */
export function spotPays(tables: readonly bankedPoker.Paytable[], spot: string, locale: string, t: (key: string, o: Record<string, string>) => string): string | null {
  const pt = tables.find((x) => x.spots.includes(spot));
  if (!pt || pt.rows.length === 0) return null;
  const ratio = (p: readonly [number, number]): number => p[0] / p[1];
  const sorted = [...pt.rows].sort((a, b) => ratio(a.pays) - ratio(b.pays));
  const low = paysText((sorted[0] as bankedPoker.PaytableRow).pays, locale);
  const high = paysText((sorted[sorted.length - 1] as bankedPoker.PaytableRow).pays, locale);
  if (pt.otherwise === 'push') return pt.beside ? t('poker.spotPays.winAndBonus', { pays: paysText(pt.beside.pays, locale), high }) : t('poker.spotPays.bonus', { high });
  return low === high ? t('poker.spotPays.one', { pays: high }) : t('poker.spotPays.range', { low, high });
}

/**
 * The active profile's paytables, spot by spot (GEN-2 "odds shown at the table"; RAY §7 "printed on
 * the cloth and shown on a sign"): built from the game's own `paytables(profile)` in @felt-studio/games
 * (a bonus table first says what the spot itself pays beside it: Three Card Poker's Ante 1:1, TCP-4),
 * the numbers the referee settles with — never a copy. RAY's "N x insatsen" is shown with its net
 * reading (RP-1).
 */
export function Paytables({ tables, label, locale }: { readonly tables: readonly bankedPoker.Paytable[]; readonly label: (spot: string) => string; readonly locale: string }) {
  const { t } = useTranslation('player');
  if (tables.length === 0) return null;
  return (
    <section className="felt-panel bp-paytables" aria-label={t('poker.paytable.title')}>
      <h2>{t('poker.paytable.title')}</h2>
      {tables.map((pt) => {
        const name = pt.spots.map(label).join(', ');
        return (
          <table key={pt.spots.join('+')} className="limits-table bp-paytable" data-paytable={pt.spots.join('+')} aria-label={t('poker.paytable.of', { spot: name })}>
            <caption>
              {name} <span className="felt-muted">({pt.ruleId})</span>
            </caption>
            <tbody>
              {pt.beside ? (
                <tr className="bp-paytable-beside">
                  <th scope="row">{t('poker.paytable.beside', { rule: pt.beside.ruleId })}</th>
                  <td>{paysText(pt.beside.pays, locale)}</td>
                </tr>
              ) : null}
              {pt.rows.map((r) => (
                <tr key={r.hand}>
                  <th scope="row">{t(`poker.paytable.hands.${r.hand}`)}</th>
                  <td>{paysText(r.pays, locale)}</td>
                </tr>
              ))}
              <tr className="bp-paytable-other">
                <th scope="row">{t('poker.paytable.other')}</th>
                <td>{t(`poker.paytable.otherwise.${pt.otherwise}`)}</td>
              </tr>
            </tbody>
          </table>
        );
      })}
      {tables.some((pt) => pt.reading === 'x-insatsen-net') ? <p className="felt-muted bp-paytable-note">{t('poker.paytable.net')}</p> : null}
    </section>
  );
}
