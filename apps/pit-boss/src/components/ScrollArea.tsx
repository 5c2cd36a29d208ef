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
