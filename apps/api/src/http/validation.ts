import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyServerOptions } from 'fastify';
import type { z } from 'zod';

/** Raised by the validator compiler; the error handler answers 400 naming the fields. */
export class RequestValidationError extends Error {
  override name = 'RequestValidationError';
  constructor(
    readonly part: string,
    readonly fields: Record<string, string>,
  ) {
    const [first] = Object.entries(fields);
    super(first ? `${first[0]}: ${first[1]}` : `Invalid ${part}`);
  }
}

export function fieldErrors(error: z.ZodError, part: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : part;
    // Keep the first message per field: it is the one a user should fix first.
    fields[key] ??= issue.message;
  }
  return fields;
}

/** No request of ours nests deeper than a few levels; past this, it is refused unread. */
const MAX_DEPTH = 32;

/**
 * What no route accepts, whatever its schema says, with the field it is in: a text holding a NUL
 * character (no field of ours may hold one, and PostgreSQL cannot store one at all), or nesting
 * past MAX_DEPTH. Walked without recursion, so no input can exhaust the stack.
 */
function forbidden(data: unknown): { path: string[]; problem: string } | null {
  const stack: { value: unknown; path: string[] }[] = [{ value: data, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { path, problem: 'must not contain NUL characters' };
    } else if (typeof value === 'object' && value !== null) {
      if (path.length >= MAX_DEPTH) return { path, problem: 'is nested too deeply' };
      for (const [key, inner] of Object.entries(value)) {
        if (key.includes('\u0000')) return { path: [...path, key], problem: 'must not contain NUL characters' };
        stack.push({ value: inner, path: [...path, key] });
      }
    }
  }
  return null;
}

/** One part of a request (`body`, `querystring`, `params`) checked against its zod schema: the parsed value, or the 400 naming the fields. */
export function checkPart(schema: z.ZodType, data: unknown, part: string): { value: unknown } | { error: RequestValidationError } {
  const refused = forbidden(data);
  if (refused) return { error: new RequestValidationError(part, { [refused.path.length > 0 ? refused.path.join('.') : part]: refused.problem }) };
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: new RequestValidationError(part, fieldErrors(result.error, part)) };
}

/** Route schemas are zod schemas from the contracts; validation is theirs, with their messages. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) =>
    checkPart(schema, data, httpPart ?? 'request');

/** Answers are built from typed data and sent as JSON; checking each against its schema again would only cost time. */
export const jsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * Fastify's compilers for every context of the app: the zod validator and the JSON serializer.
 * Fastify types these factories for Ajv's JSON schemas, hence the cast; ours receive zod schemas.
 */
export const contractCompilers = { buildValidator: () => zodValidatorCompiler, buildSerializer: () => jsonSerializer } as unknown as CompilersFactory;
