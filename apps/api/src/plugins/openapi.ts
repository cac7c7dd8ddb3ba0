import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import { allContracts } from '../http/contract-routes.js';
import type { documentRoute } from './openapi-document.js';

/** OpenAPI generated from the contract schemas each route registers; UI at /api/docs. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  let document: { documentRoute: typeof documentRoute } | undefined;
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: opts.version },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => {
      if (!document) throw new Error('openapi: the document is written only after its module is loaded');
      return document.documentRoute(input);
    },
  });
  // The document is written from the contracts' schemas: they and the module that converts them
  // are loaded before its first page is answered.
  const load = async () => {
    await allContracts();
    document ??= await import('./openapi-document.js');
  };
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiHooks: { onRequest: load } });
}

export default fp(openapiPlugin, { name: 'openapi' });
