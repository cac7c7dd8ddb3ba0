/**
 * Form checks with the contract schemas, the ones the server runs: the browser reports the
 * same problems in the same words before anything is sent.
 */

import { errorsFromServer, fieldMessage, type FormSchema } from '@/lib/form-errors';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/** A contract message as a sentence about its field (see fieldMessage). */
export const fieldSentence = (label: string, message: string): string => fieldMessage(label, message) ?? '';

/**
 * Checks `body` against the schema; one message per labelled field (the first, as the
 * server keeps it). A field whose typed text is empty is simply "required".
 */
export function checkBody<K extends string, T>(
  schema: FormSchema<T>,
  body: unknown,
  labels: Record<K, string>,
  typed: Partial<Record<K, string>> = {},
): { ok: true; data: T } | { ok: false; errors: FieldErrors<K> } {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (!(name in labels)) continue;
    const key = name as K;
    errors[key] ??= fieldSentence(labels[key], typed[key]?.trim() === '' ? 'is required' : issue.message);
  }
  // A problem the form has no field for must still stop the submit.
  if (Object.keys(errors).length === 0) {
    const first = result.error.issues[0];
    const firstKey = Object.keys(labels)[0] as K | undefined;
    if (first && firstKey) errors[firstKey] = fieldSentence(labels[firstKey], first.message);
  }
  return { ok: false, errors };
}

/** The `fields` of a refused call, as sentences under the form's own fields. */
export function serverFieldErrors<K extends string>(fields: Readonly<Record<string, string>> | undefined, labels: Record<K, string>): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const [name, message] of Object.entries(errorsFromServer(fields))) if (name in labels) errors[name as K] = fieldSentence(labels[name as K], message);
  return errors;
}

/**
 * An amount as typed ("25", "25.5", " 1000.00 ") as the number the API takes; undefined
 * when empty, NaN when it is not a plain decimal (the schema then says "must be a number").
 */
export function amountOf(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d+(\.\d*)?$|^\.\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
