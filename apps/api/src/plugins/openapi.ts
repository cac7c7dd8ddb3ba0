import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorEnvelope, okEnvelope, PRODUCT_NAME, type RouteDef } from '@parmeta/contracts';

/** OpenAPI generated from the contract schemas each route registers; UI at /api/docs. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: opts.version },
      servers: [{ url: '/api' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: (input) => jsonSchemaTransform({ ...input, schema: withAnswers(input.schema, input.route.config?.contract) }),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

/**
 * A contract route's schema with its answers: the success envelope around the contract's data, and
 * the failure envelope. Made while the document is written, not held by every route from start.
 */
function withAnswers(schema: FastifySchema, contract: RouteDef | undefined): FastifySchema {
  if (!contract) return schema;
  return { ...schema, response: { 200: okEnvelope(contract.data), '4xx': errorEnvelope, '5xx': errorEnvelope } };
}

export default fp(openapiPlugin, { name: 'openapi' });
