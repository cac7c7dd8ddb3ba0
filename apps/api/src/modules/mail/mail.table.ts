import type { Generated, Selectable } from 'kysely';

export type MailStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface MailOutboxTable {
  id: Generated<number>;
  kind: string;
  to_address: string;
  subject: string;
  html: string;
  text: string;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: number;
  /** While set in the future, one worker owns the row; a crashed worker's rows come back after it. */
  locked_until: number | null;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}
export type MailRow = Selectable<MailOutboxTable>;
