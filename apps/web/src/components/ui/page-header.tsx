import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons shown at the end of the heading row. */
  actions?: ReactNode;
  /** document.title when it should differ from the heading. */
  documentTitle?: string;
}

/**
 * The page's one h1, its lead sentence, and the document title that goes with it. Styled by
 * global.css (.page-header), which page.html's early script uses too (src/boot/early-head.ts).
 */
export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <div className="page-header">
      <div>
        <h1 className="page-header-title">{title}</h1>
        {description && <p className="page-header-description">{description}</p>}
      </div>
      {actions}
    </div>
  );
}
