import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { RouteDef } from '@parmeta/contracts';
import { errorEnvelope, okEnvelope } from '@parmeta/contracts/common/envelope';
import { nftMetadataParams } from '@parmeta/contracts/market/nft-metadata';
import { loadedContract } from '../http/contract-routes.js';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/**
 * A route as the OpenAPI document shows it, written from its contract's zod schemas. Its own
 * module, loaded when the document is first asked for: it needs zod and the JSON Schema
 * converter, which the server otherwise loads only when a request first needs a schema.
 */
export function documentRoute(input: TransformInput) {
  const { contract, documented } = input.route.config ?? {};
  const schema = documented === undefined ? fromContract(input.schema, contract) : { ...input.schema, ...OUTSIDE_CONTRACTS[documented] };
  return jsonSchemaTransform({ ...input, schema });
}

/** The parts of routes outside the contract table (their answers are not enveloped), by their `documented` name. */
const OUTSIDE_CONTRACTS: Record<string, FastifySchema> = {
  nftMetadata: { params: nftMetadataParams },
};

/**
 * A contract route's schema: its parts and its answers (the success envelope around the
 * contract's data, and the failure envelope), from the contract. Made while the document is
 * written, not held by every route from start (docs/decisions/0082, 0087).
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
