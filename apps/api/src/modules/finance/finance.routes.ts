import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RouteDef } from '@parmeta/contracts';
import { registerRoute, type Handler } from '../../http/route.js';
import { routes, type RouteRef } from '../../http/contract-routes.js';
import { caller, requireAdmin } from '../../plugins/auth.js';
import type { FinanceService } from './finance.service.js';
import type { JournalExportService } from './journal-export.service.js';
import type { ReconciliationService } from './reconciliation.service.js';

export interface FinanceRouteDeps {
  finance: FinanceService;
  reconciliation: ReconciliationService;
  journalExport: JournalExportService;
}

/** The admin's finance pages under /api/admin/finance: signed in, and an admin, or 403. */
export async function financeRoutes(app: FastifyInstance, { finance, reconciliation, journalExport }: FinanceRouteDeps) {
  const route = <R extends RouteDef>(def: RouteRef<R>, handler: Handler<R>) => registerRoute(app, def, handler, { preValidation: requireAdmin });
  const adminId = (req: FastifyRequest) => caller(req).userId;

  route(routes.adminTrialBalance, async ({ body }) => ({ data: await finance.trialBalance(body.at ?? null) }));
  route(routes.adminDailyFinance, async ({ body }) => ({ data: await finance.daily(body) }));
  route(routes.adminReconciliation, async () => ({ data: await reconciliation.run() }));
  route(routes.adminJournalExport, async ({ body, req }) => {
    const data = await journalExport.export(adminId(req), body);
    return { data, msg: `Exported ${data.rows} journal rows.` };
  });
}
