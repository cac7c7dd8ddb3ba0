import type { FastifyInstance } from 'fastify';
import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import type { AppDeps } from '../../deps.js';
import { notFound } from '../../http/errors.js';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { listOutbox } from './mail.repository.js';
import type { MailRow } from './mail.table.js';

const toApi = (m: MailRow) => ({ id: m.id, kind: m.kind, to: m.to_address, subject: m.subject, text: m.text, html: m.html, status: m.status, createdAt: m.created_at });
const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The local outbox, for developers: JSON under /api/dev/mail. Registered only outside production. */
export async function devMailApiRoutes(app: FastifyInstance, { db }: AppDeps) {
  registerRoute(app, routes.devMail, async ({ query }) => ({ data: { items: (await listOutbox(db.kysely, 50, query.to)).map(toApi) } }));
}

/** The same outbox as pages at /dev/mail (list) and /dev/mail/:id (one mail as it would render). */
export async function devMailPages(app: FastifyInstance, { db }: AppDeps) {
  app.get('/dev/mail', async (_req, reply) => {
    const mails = await listOutbox(db.kysely, 100);
    const rows = mails
      .map((m) => `<li><a href="/dev/mail/${m.id}">${esc(m.subject)}</a> to ${esc(m.to_address)} · ${esc(m.status)} · ${new Date(m.created_at).toISOString()}<pre>${esc(m.text)}</pre></li>`)
      .join('');
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail outbox · ${PRODUCT_NAME}</title></head><body><h1>Local mail outbox (development only)</h1><p>${mails.length} mail(s), newest first.</p><ol>${rows}</ol></body></html>`);
  });
  app.get<{ Params: { id: string } }>('/dev/mail/:id', async (req, reply) => {
    const mail = (await listOutbox(db.kysely, 500)).find((m) => String(m.id) === req.params.id);
    if (!mail) throw notFound('No such mail.');
    // Mail HTML relies on inline styles, which the site-wide CSP forbids; this dev-only page allows them, and no script.
    return reply.type('text/html; charset=utf-8').header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'").send(mail.html);
  });
}
