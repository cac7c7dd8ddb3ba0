import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { RouteData, RouteDef, RouteParsed } from '@parmeta/contracts';
import type { z } from 'zod';
import { chooseEncoding, compress, COMPRESS_MIN_BYTES, type Encoding } from './compression.js';
import type { RouteRef } from './contract-routes.js';
import type { RoutePart } from './route-address.js';
import { checkPart, jsonSerializer } from './validation.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The success envelope around serialised data (a JSON string) and msg. */
const envelope = (msg: string, data: string | undefined) => (data === undefined ? `{"status":true,"msg":${msg}}` : `{"status":true,"msg":${msg},"data":${data}}`);

/** One shared answer's bytes for one msg: the envelope as sent plain, and compressed once per encoding. */
interface SharedBody {
  length: number;
  plain: Buffer;
  encoded: Map<Encoding, Promise<Buffer>>;
}

/**
 * Data serialised once and sent as it is, for answers many requests share (the cached
 * catalog list): stringifying the same 5 KB per request was 8% of that route's CPU.
 * The whole answer is kept as bytes, per msg: sending a string made Node join, flatten and
 * UTF-8 encode those 5 KB again for every request (about 10% of the route's CPU with the
 * garbage it left). Its compressed bodies are kept too, once per encoding: compressing the
 * same answer again for every browser would cost more than everything else the route does.
 */
export class JsonText<T> {
  declare private readonly of?: T;
  private readonly bodies = new Map<string, SharedBody>();
  private constructor(readonly text: string) {}

  static from<T>(value: T): JsonText<T> {
    return new JsonText<T>(JSON.stringify(value));
  }

  /** Text the caller wrote as `JSON.stringify` of a T would (from parts serialised once, as the catalog's pages are). */
  static written<T>(text: string): JsonText<T> {
    return new JsonText<T>(text);
  }

  /** The answer for one msg (JSON-encoded), made once: `length` as the envelope's string length. */
  body(msg: string): SharedBody {
    let found = this.bodies.get(msg);
    if (!found) {
      const text = envelope(msg, this.text);
      found = { length: text.length, plain: Buffer.from(text), encoded: new Map() };
      this.bodies.set(msg, found);
    }
    return found;
  }

  /** `msg`'s answer compressed, made once per encoding. */
  compressed(msg: string, encoding: Encoding): Promise<Buffer> {
    const { plain, encoded } = this.body(msg);
    let found = encoded.get(encoding);
    if (!found) {
      found = compress(plain, encoding);
      encoded.set(encoding, found);
      found.catch(() => encoded.delete(encoding));
    }
    return found;
  }
}

export interface HandlerResult<T> {
  data: T | JsonText<T>;
  msg?: string;
  /** HTTP status of the success answer; 200 unless said otherwise. */
  statusCode?: number;
  headers?: Record<string, string>;
}

export type Handler<R extends RouteDef> = (
  input: RouteParsed<R> & { req: FastifyRequest; reply: FastifyReply },
) => Promise<HandlerResult<RouteData<R>>>;

/** Where a part goes on the request, and the name Fastify gives it in a validation error. */
const PART: Record<RoutePart, { field: 'params' | 'body' | 'query'; name: string }> = {
  params: { field: 'params', name: 'params' },
  body: { field: 'body', name: 'body' },
  query: { field: 'query', name: 'querystring' },
};

/** A route's schemas for the parts it validates (a contract, or a route's own). */
type PartSchemas = Partial<Record<RoutePart, z.ZodType>>;

/**
 * A `preValidation` hook that checks a request's parts as Fastify's validation would (params,
 * body, then the query; the first part that fails answers 400) and puts the parsed values in
 * their place. The schemas are loaded when the first request needs them, then held here: contract
 * routes (registerRoute) and a route outside the contracts with its schema in a module of its own.
 */
export function checksParts(parts: readonly RoutePart[], load: () => Promise<PartSchemas>) {
  let schemas: PartSchemas | undefined;
  return async (req: FastifyRequest) => {
    schemas ??= await load();
    for (const part of parts) {
      const { field, name } = PART[part];
      const checked = checkPart(schemas[part]!, req[field], name);
      if ('error' in checked) throw checked.error;
      (req as unknown as Record<string, unknown>)[field] = checked.value;
    }
  };
}

/**
 * Registers one contract route. The handler gets validated input and answers data;
 * this wraps it in the success envelope. Failures are thrown and become the failure
 * envelope in the error handler, so a handler is input -> service call -> data.
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, route: RouteRef<R>, handler: Handler<R>, options: RouteShorthandOptions = {}): void {
  const { address } = route;
  if (address.auth && !app.hasDecorator('authenticate')) {
    throw new Error(`Route ${address.method} ${address.path} needs authentication but no auth plugin is registered`);
  }
  // Who is calling is settled before the body is validated: a caller without the right to
  // use a route learns nothing about what it accepts.
  const gate = address.auth === 'catalog' ? [app.catalogReader] : address.auth ? [app.authenticate] : [];
  const validation = address.parts.length > 0 ? [checksParts(address.parts, route.contract)] : [];
  const preValidation = [...gate, ...[options.preValidation ?? []].flat(), ...validation];
  app.route({
    ...options,
    method: address.method,
    url: address.path,
    preValidation,
    serializerCompiler: jsonSerializer,
    // The OpenAPI document reads the route's schemas from its contract when it is first asked
    // for (plugins/openapi.ts). Fastify itself never does: the parts are checked above, and
    // handlers serialise their own answers (docs/decisions/0082, 0087).
    config: { ...options.config, contract: route.name },
    schema: {
      summary: address.summary,
      tags: [address.tag],
      ...(address.auth ? { security: [{ bearer: [] }] } : {}),
    },
    handler: async (req, reply) => {
      const result = await handler({
        body: req.body,
        query: req.query,
        params: req.params,
        req,
        reply,
      } as RouteParsed<R> & { req: FastifyRequest; reply: FastifyReply });
      reply.code(result.statusCode ?? 200);
      if (result.headers) void reply.headers(result.headers);
      // Serialised here rather than by a hook on every route: only answers big enough to be
      // worth it are compressed, and small ones pay nothing for the possibility.
      const msg = JSON.stringify(result.msg ?? 'OK');
      void reply.type(JSON_TYPE);
      if (result.data instanceof JsonText) {
        const shared = result.data;
        const { length, plain } = shared.body(msg);
        const encoding = negotiate(req, reply, length);
        return encoding ? shared.compressed(msg, encoding) : plain;
      }
      const body = envelope(msg, JSON.stringify(result.data) as string | undefined);
      const encoding = negotiate(req, reply, body.length);
      return encoding ? compress(body, encoding) : body;
    },
  });
}

/**
 * The encoding an answer of `length` goes out in, with the headers that say so; null: as it is.
 * Answers too small to be worth compressing say nothing about encodings at all.
 */
function negotiate(req: FastifyRequest, reply: FastifyReply, length: number): Encoding | null {
  if (length < COMPRESS_MIN_BYTES) return null;
  void reply.header('vary', 'accept-encoding');
  const encoding = chooseEncoding(req.headers['accept-encoding']);
  if (encoding) void reply.header('content-encoding', encoding);
  return encoding;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The name of the contract route it was registered from (registerRoute); the OpenAPI document reads its schemas. */
    contract?: string;
    /** A route outside the contract table whose parts the OpenAPI document shows by this name (plugins/openapi-document.ts). */
    documented?: string;
  }
  interface FastifyInstance {
    /** Verifies the bearer access token; registered by the auth plugin. */
    authenticate: (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
    /** `authenticate`, unless the catalog is open and no token is sent; registered by the auth plugin. */
    catalogReader: (req: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  }
}
