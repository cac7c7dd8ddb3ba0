import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteDef } from '@parmeta/contracts';
import { errorEnvelope, okEnvelope } from '@parmeta/contracts/common/envelope';
import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import { allContracts, loadedContract } from '../http/contract-routes.js';

/** OpenAPI generated from the contract schemas each route registers; UI at /api/docs. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: opts.version },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => jsonSchemaTransform({ ...input, schema: fromContract(input.schema, input.route.config?.contract) }),
  });
  // The document is written from the contracts' schemas, loaded before its first page is answered.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true, uiHooks: { onRequest: async () => void (await allContracts()) } });
}

/**
 * A contract route's schema as the document shows it: its parts and its answers (the success
 * envelope around the contract's data, and the failure envelope), from the contract. Made while
 * the document is written, not held by every route from start (docs/decisions/0082, 0087).
 */
function fromContract(schema: FastifySchema, name: string | undefined): FastifySchema {
  if (name === undefined) return schema;
  const contract: RouteDef | undefined = loadedContract(name);
  if (!contract) throw new Error(`openapi: the contracts are not loaded (route ${name})`);
  const { summary, tags, security, ...rest } = schema;
  return {
    summary,
    tags,
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.params ? { params: contract.params } : {}),
    ...(security ? { security } : {}),
    ...rest,
    response: { 200: okEnvelope(contract.data), '4xx': errorEnvelope, '5xx': errorEnvelope },
  };
}

export default fp(openapiPlugin, { name: 'openapi' });
