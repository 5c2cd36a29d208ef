import type { ReactNode } from 'react';

/**
 * One of the console's columns on a wide screen (tablet landscape and wider). Such a column scrolls by itself when
 * it is longer than the screen (dealer.css), so it is a named region a keyboard user can focus and scroll (WCAG
 * 2.1.1, axe scrollable-region-focusable: a Casino Hold'em centre column — cards and what is due, nothing to
 * focus in it — scrolled out of a keyboard's reach on a 1280×800 tablet).
 */
export function ConsoleColumn({ className, label, children }: { readonly className: 'dc-left' | 'dc-centre' | 'dc-side'; readonly label: string; readonly children: ReactNode }) {
  return (
    <div className={className} role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
