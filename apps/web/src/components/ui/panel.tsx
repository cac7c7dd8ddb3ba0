import { useId, type ReactNode, type Ref } from 'react';
import styles from './panel.module.css';

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

/** A white card on the page's grey: a section with its heading. */
export function Panel({ title, description, actions, headingRef, className, children }: PanelProps) {
  const headingId = useId();
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby={title ? headingId : undefined}>
      {(title || actions) && (
        <div className={styles.head}>
          <div>
            {title && (
              <h2 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={styles.title}>
                {title}
              </h2>
            )}
            {description && <p className={styles.description}>{description}</p>}
          </div>
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}
