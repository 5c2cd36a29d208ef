import type { bankedPoker } from '@felt/games';
import { useTranslation } from 'react-i18next';

/** "N:1", or "3:2" for a fractional pay (UTH's Blind flush), in the locale's digits. */
export function paysText(pays: readonly [number, number], locale: string): string {
  const n = new Intl.NumberFormat(locale);
  return `${n.format(pays[0])}:${n.format(pays[1])}`;
}

/**
 * The active profile's paytables, spot by spot (GEN-2 "odds shown at the table"; RAY §7 "printed on
 * the cloth and shown on a sign"): built from the game's own `paytables(profile)` in @felt/games,
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
