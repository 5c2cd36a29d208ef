import type { ReactNode } from 'react';

/**
 * A section of a screen named by its heading (`aria-labelledby` the `h2` with `id`), with its intro line under the
 * heading, then its content. `className` is the section's, `titleClassName` the heading's.
 */
export function TitledSection({ id, title, intro, className, titleClassName, children }: { readonly id: string; readonly title: string; readonly intro: string; readonly className: string; readonly titleClassName: string; readonly children: ReactNode }) {
  return (
    <section className={className} aria-labelledby={id}>
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      <p className="felt-muted">{intro}</p>
      {children}
    </section>
  );
}
