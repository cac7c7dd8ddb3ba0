import type { Generated } from 'kysely';

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number;
  action: string;
  /** What was changed, e.g. "product:12" or "order:ORD-...". */
  target: string;
  /** JSON of the state before and after (null when created or deleted). */
  before: string | null;
  after: string | null;
  created_at: number;
}
