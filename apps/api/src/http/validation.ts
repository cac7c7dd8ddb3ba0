import type { FastifySchemaCompiler } from 'fastify';
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

/** Route schemas are zod schemas from the contracts; validation is theirs, with their messages. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(httpPart ?? 'request', fieldErrors(result.error, httpPart ?? 'request')) };
  };
