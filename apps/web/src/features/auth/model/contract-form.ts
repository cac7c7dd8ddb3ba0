import type { Fail } from '@parmeta/contracts';

/**
 * Just enough of a zod schema for forms, written structurally so the web app needs no zod
 * types of its own: the contract's object schemas fit it.
 */
export interface Parser<T = unknown> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }> } };
}

export interface ObjectSchema<K extends string, T> extends Parser<T> {
  shape: Record<K, Parser>;
}

export type Labels<K extends string> = Record<K, string>;
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A contract message ("must be at least 15 characters") as a sentence about the field
 * ("Password must be at least 15 characters"). The server's field messages have the same
 * form, so they read the same.
 */
export const sentence = (label: string, message: string) => `${label} ${message}`;

/** As `sentence`, but an empty field is simply "required" (rather than "must be at least 3 characters"). */
const fieldMessage = (label: string, value: string, message: string) => sentence(label, value.trim() === '' ? 'is required' : message);

/** The first message of one field's own schema, or undefined when the value is fine. */
export function checkField<K extends string>(schema: ObjectSchema<K, unknown>, labels: Labels<K>, name: K, value: string): string | undefined {
  const result = schema.shape[name].safeParse(value);
  if (result.success) return undefined;
  const first = result.error.issues[0];
  return first ? fieldMessage(labels[name], value, first.message) : undefined;
}

/** The whole form against the schema: the parsed body, or one message per failing field. */
export function checkForm<K extends string, T>(
  schema: ObjectSchema<K, T>,
  labels: Labels<K>,
  values: Record<K, string>,
): { ok: true; data: T } | { ok: false; errors: FieldErrors<K> } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (typeof name !== 'string' || !(name in labels)) continue;
    const key = name as K;
    errors[key] ??= fieldMessage(labels[key], values[key] ?? '', issue.message);
  }
  return { ok: false, errors };
}

/**
 * A refused call, split for the form: messages about its fields go under those fields, and
 * the alert says what to do in plain words. (The server's msg for invalid input names the
 * field in code, "password: is too common", so it is only shown when no field can carry it.)
 */
export function splitFailure<K extends string>(fail: Fail, labels: Labels<K>): { alert: string; fields: FieldErrors<K> } {
  const fields: FieldErrors<K> = {};
  const others: string[] = [];
  for (const [name, message] of Object.entries(fail.fields ?? {})) {
    if (name in labels) fields[name as K] = sentence(labels[name as K], message);
    else others.push(message);
  }
  const marked = Object.keys(fields).length;
  if (marked === 0 || others.length > 0) return { alert: fail.msg, fields };
  return { alert: marked === 1 ? 'Please correct the field marked below.' : 'Please correct the fields marked below.', fields };
}
