import type { ReactNode } from 'react';

/**
 * While something loads: what it will most likely show (an empty state, say), kept invisible in
 * a shimmering box of exactly its size, so nothing below moves when the answer arrives. The
 * box is a status named by `label`; the invisible content is not read or reachable. Styled by
 * global.css (.pending-box): page.html's early script draws one on the cart page.
 */
export function PendingAs({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" aria-busy="true" aria-label={label} className="pending-box">
      <div aria-hidden="true" className="pending-hidden">
        {children}
      </div>
    </div>
  );
}
