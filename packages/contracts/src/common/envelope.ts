import { z } from '../zod.js';
import { ERROR_CODES, NETWORK_ERROR } from './errors.js';

/** Success envelope: every successful API answer has this shape. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal(true), msg: z.string(), data });

/** Failure envelope. `fields` maps a request field path to its message when input was invalid. */
export const errorEnvelope = z.object({
  status: z.literal(false),
  msg: z.string(),
  code: z.enum([...ERROR_CODES, NETWORK_ERROR]),
  fields: z.record(z.string(), z.string()).optional(),
});

export type Ok<T> = { status: true; msg: string; data: T };
export type Fail = z.infer<typeof errorEnvelope>;
export type Envelope<T> = Ok<T> | Fail;
