import { ColumnHeads } from '@felt-studio/ui';
import type { ReactNode } from 'react';

/** A horizontally scrolling wrapper (wide tables on a phone) that keyboard users can focus and scroll. */
export function ScrollArea({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    // Focusable: a scrollable region must be reachable by keyboard (WCAG 2.1.1, axe scrollable-region-focusable).
    <div className="pit-scroll" tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  );
}

/**
 * A staff table in its scroll area: the column headings `columns` (each a column header), the rows `children`
 * (`<tr>`s).
 */
export function PitTable({ label, columns, children, className }: { readonly label: string; readonly columns: readonly ReactNode[]; readonly children: ReactNode; readonly className?: string }) {
  return (
    <ScrollArea label={label}>
      <table className={className ? `pit-table ${className}` : 'pit-table'}>
        <ColumnHeads columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </ScrollArea>
  );
}
