import type { Table } from '@felt-studio/client-sdk';
import { formatMoneyShort } from '@felt-studio/ui';
import { useTranslation } from 'react-i18next';
import { limitOf } from '../game';

/** GEN-2: minimum and maximum per bet spot kind and per table. */
export function Limits({ table, kinds, locale }: { readonly table: Table; readonly kinds: readonly string[]; readonly locale: string }) {
  const { t } = useTranslation('player');
  const f = (m: number): string => formatMoneyShort(m, table.currency, locale);
  return (
    <section className="limits felt-panel" aria-label={t('limits.title')}>
      <h2>{t('limits.title')}</h2>
      <table className="limits-table">
        <tbody>
          {kinds.map((k) => {
            const l = limitOf(table, k);
            return (
              <tr key={k}>
                <th scope="row">{t(`limits.kinds.${table.game}.${k}`, { defaultValue: k })}</th>
                <td>
                  {f(l.minMinor)} – {f(l.maxMinor)}
                </td>
              </tr>
            );
          })}
          <tr className="limits-total">
            <th scope="row">{t('limits.table')}</th>
            <td>
              {f(table.limits.tableMinMinor)} – {f(table.limits.tableMaxMinor)}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
