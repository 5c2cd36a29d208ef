import type { ReactNode } from 'react';

/** The line under a table's live picture that says what is happening now, announced to screen readers as it changes. */
export function LiveStatus({ children }: { readonly children: ReactNode }) {
  return (
    <p className="live-status" role="status">
      {children}
    </p>
  );
}
