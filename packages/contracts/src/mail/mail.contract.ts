import { z } from '../zod.js';
import { defineRoute } from '../routes.js';

export const outboxMail = z.object({
  id: z.number(),
  kind: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  createdAt: z.number(),
});
export type OutboxMail = z.infer<typeof outboxMail>;

export const mailRoutes = {
  devMail: defineRoute({
    method: 'GET',
    path: '/dev/mail',
    summary: 'Development only: the local mail outbox, newest first (absent in production)',
    tag: 'dev',
    auth: false,
    query: z.strictObject({ to: z.string().trim().toLowerCase().max(254).optional() }),
    data: z.object({ items: z.array(outboxMail) }),
  }),
};
