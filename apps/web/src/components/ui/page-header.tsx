import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';
import styles from './page-header.module.css';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown at the end of the heading row. */
  actions?: ReactNode;
  /** document.title when it should differ from the heading. */
  documentTitle?: string;
}

/** The page's one h1, its lead sentence, and the document title that goes with it. */
export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div className={styles.header}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {description && <p className={styles.description}>{description}</p>}
      </div>
      {actions}
    </div>
  );
}
