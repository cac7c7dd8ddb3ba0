import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorCode, Fail } from '@parmeta/contracts';
import { ERROR_STATUS } from '@parmeta/contracts/common/errors';
import { AppError } from '../http/errors.js';
import { RequestValidationError } from '../http/validation.js';

/** Fastify's own 4xx errors (bad JSON, wrong content type, body too large) in plain words. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_BAD_URL: 'The address is not valid: it has a broken %-encoding.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address is not valid: a part of it is too long.',
};

/** One status per code (the contract's ERROR_STATUS): Fastify's statuses we keep, the rest are 400. */
const FASTIFY_CODES: Partial<Record<number, ErrorCode>> = { 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** The envelope for one of Fastify's own 4xx errors. */
export function frameworkFailure(error: FastifyError): { status: number; body: Fail } {
  const code = FASTIFY_CODES[error.statusCode ?? 400] ?? 'BAD_REQUEST';
  return { status: ERROR_STATUS[code], body: { status: false, msg: FASTIFY_MESSAGES[error.code] ?? 'The request could not be understood.', code } };
}

/**
 * The one error path. Every failure leaves as the failure envelope with a fitting
 * status; a 500 is logged in full and answered without any internal detail.
 */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, req, reply) => {
    let status = 500;
    let body: Fail = { status: false, msg: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' };
    if (error instanceof AppError) {
      status = error.status;
      body = { status: false, msg: error.message, code: error.code, ...(error.extra.fields ? { fields: error.extra.fields } : {}) };
      if (error.extra.headers) void reply.headers(error.extra.headers);
    } else if (error instanceof RequestValidationError || error.validation) {
      const fields = error instanceof RequestValidationError ? error.fields : { [error.validationContext ?? 'request']: error.message };
      status = 400;
      body = { status: false, msg: error.message, code: 'BAD_REQUEST', fields };
    } else if (error.statusCode === 429) {
      status = 429;
      body = { status: false, msg: 'Too many requests. Please wait a moment and try again.', code: 'RATE_LIMITED' };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      ({ status, body } = frameworkFailure(error));
    } else if (error.statusCode === 503) {
      status = 503;
      body = { status: false, msg: 'The service is restarting. Please try again in a moment.', code: 'UNAVAILABLE' };
    }
    // A 503 the app chose (starting, draining, database down: readiness checks ask many times
    // a second) is an answer, not a failure to investigate.
    const chosen = error instanceof AppError && error.code === 'UNAVAILABLE';
    if (status >= 500 && !chosen) req.log.error({ err: error }, 'request failed');
    void reply.code(status).send(body);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
