import type { ReactNode } from 'react';

/** A data table's head: one row of column headers (`scope="col"`), in order. */
export function ColumnHeads({ columns }: { readonly columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => (
          <th key={i} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}
