import type { ReactNode } from 'react';

/**
 * A section of the Developers screen (a tab's content): its heading, which names it, with the
 * section's buttons beside it, the intro under them, then the content.
 */
export const DeveloperSection = ({
  headingId,
  title,
  actions,
  intro,
  children,
}: {
  /** The heading's id, unique on the page. */
  headingId: string;
  title: string;
  /** Buttons beside the heading, e.g. Create API key. */
  actions?: ReactNode;
  intro: string;
  children: ReactNode;
}) => (
  <section className="bo-developers-section" aria-labelledby={headingId}>
    <div className="bo-developers-section__header">
      <h2 id={headingId}>{title}</h2>
      {actions}
    </div>
    <p className="bo-developers-note">{intro}</p>
    {children}
  </section>
);
