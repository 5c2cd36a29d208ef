import { ColumnHeads } from '@felt-studio/ui';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The pieces every card of the Integrity view is built from (issue 19 §5: the wheel, shoe, player, late-bettor
 * and poker-table cards share one card, one evidence fold-out and one table).
 */

/** p-values as a person reads them: "< 0.0001" rather than 3.2e-7. */
export function formatP(p: number, locale: string): string {
  if (p < 0.0001) return `< ${new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }).format(0.0001)}`;
  return new Intl.NumberFormat(locale, { maximumSignificantDigits: 2 }).format(p);
}

/**
 * One monitored wheel, shoe, player or poker table: its name, its status and its figures, then its evidence
 * (children). A player is named by their account's name; the id (and a robot's badge) under it (issue 20).
 */
export function MonitorCard({ id, title, subtitle, status, statusText, stats, children }: { readonly id: string; readonly title: string; readonly subtitle?: ReactNode; readonly status: string; readonly statusText: string; readonly stats: readonly (readonly [string, ReactNode])[]; readonly children: ReactNode }) {
  return (
    <section className={`pit-panel pit-wheel is-${status}`} aria-labelledby={id}>
      <header className="pit-wheel-head">
        <h2 id={id}>{title}</h2>
        <span className={`pit-chip is-${status}`}>{statusText}</span>
      </header>
      {subtitle !== undefined ? <p className="pit-wheel-sub felt-muted">{subtitle}</p> : null}
      <dl className="pit-stats">
        {stats.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}

/**
 * A card's evidence: open when its subject is flagged, one click away otherwise (a floor of players stays
 * short to scan — on a phone above all); the charts and tables render only while open.
 */
export function Evidence({ open, children }: { readonly open: boolean; readonly children: ReactNode }) {
  const { t } = useTranslation('pit');
  const [shown, setShown] = useState(open);
  return (
    <details className="pit-evidence" open={shown} onToggle={(e) => setShown(e.currentTarget.open)}>
      <summary>{t('integrity.evidence')}</summary>
      {shown ? children : null}
    </details>
  );
}

/** One row of an evidence table: its key, its row header, then its cells. */
export interface EvidenceRow {
  readonly key: string | number;
  readonly head: ReactNode;
  readonly cells: readonly ReactNode[];
}

/** An evidence table: a caption, the column headers, one row header and its cells a row. */
export function EvidenceTable({ caption, columns, rows }: { readonly caption: string; readonly columns: readonly string[]; readonly rows: readonly EvidenceRow[] }) {
  return (
    <table className="pit-table">
      <caption>{caption}</caption>
      <ColumnHeads columns={columns} />
      <tbody>
        {rows.map((r) => (
          <tr key={r.key}>
            <th scope="row">{r.head}</th>
            {r.cells.map((c, i) => (
              <td key={i}>{c}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
