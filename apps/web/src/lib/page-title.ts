import { PRODUCT_NAME } from '@parmeta/contracts';
import { useEffect } from 'react';

export const pageTitle = (title?: string) => (title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME);

/** Sets document.title for the page, e.g. "Shop · ParMeta Market"; no argument gives the product name. */
export function usePageTitle(title?: string) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
