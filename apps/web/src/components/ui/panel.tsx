import { useId, type ReactNode, type Ref } from 'react';

interface PanelProps {
  /** The panel's h2; the section is labelled by it. */
  title?: string;
  description?: ReactNode;
  /** Controls at the end of the heading row. */
  actions?: ReactNode;
  /** The heading, to move focus to the panel (it takes focus from script only). */
  headingRef?: Ref<HTMLHeadingElement>;
  className?: string;
  children: ReactNode;
}

/**
 * A white card on the page's grey: a section with its heading. Styled by global.css (.panel),
 * which page.html's early script uses too: it paints the security page's panels with the
 * page's header (src/boot/early-head.ts).
 */
export function Panel({ title, description, actions, headingRef, className, children }: PanelProps) {
  const headingId = useId();
  return (
    <section className={['panel', className].filter(Boolean).join(' ')} aria-labelledby={title ? headingId : undefined}>
      {(title || actions) && (
        <div className="panel-head">
          <div>
            {title && (
              <h2 className="panel-title" id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
                {title}
              </h2>
            )}
            {description && <p className="panel-description">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
