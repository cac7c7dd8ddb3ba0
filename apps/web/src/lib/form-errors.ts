/**
 * Form checks with the contract schemas, the ones the server runs: the browser reports the
 * same problems in the same words before anything is sent, and the server's `fields` land
 * under the same form fields.
 */

/** Field name (or path, "attributes.2.value") -> the message to show under that field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** Just enough of a zod schema, written structurally so the web app needs no zod types: the contracts' schemas fit it. */
export interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * How a form keys its messages. By default one message per top-level field: a nested path
 * such as "country.value" belongs to the "country" field. `paths: true` keeps whole paths
 * ("attributes.2.value") for forms with a field per item. The server joins paths with dots too.
 */
export interface KeyOptions {
  paths?: boolean;
}

const keyOf = (path: string, { paths = false }: KeyOptions) => (paths ? path : (path.split('.')[0] ?? path));

/** The first message per field, as the server keeps it: the one a user should fix first. */
export function errorsFromIssues(issues: readonly Issue[], options: KeyOptions = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[keyOf(issue.path.map(String).join('.'), options)] ??= issue.message;
  return errors;
}

/** The `fields` of a failure envelope, keyed by form field; `prefix` drops a leading part ("shipping.shipping_zip" -> "shipping_zip"). */
export function errorsFromServer(fields: Readonly<Record<string, string>> | undefined, { prefix = '', ...options }: KeyOptions & { prefix?: string } = {}): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const rest = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
    errors[keyOf(rest, options)] ??= message;
  }
  return errors;
}

export type Validation<Out> = { ok: true; data: Out } | { ok: false; errors: FieldErrors };

/**
 * Runs the contract schema the server also runs, so both report the same problems. A
 * field left empty simply "is required", where the schema would describe the format it
 * expects ("must be in international form"): `blank` names the fields the user left empty.
 */
export function validate<Out>(schema: FormSchema<Out>, body: unknown, blank: readonly string[] = [], options: KeyOptions = {}): Validation<Out> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors = errorsFromIssues(result.error.issues, options);
  for (const field of blank) if (errors[field]) errors[field] = 'is required';
  return { ok: false, errors };
}

/** The names of text fields left empty, for `validate`. */
export const blankFields = (values: Readonly<Record<string, unknown>>) =>
  Object.entries(values)
    .filter(([, v]) => typeof v === 'string' && v.trim() === '')
    .map(([k]) => k);

/**
 * The contracts' messages are sentence endings ("is required", "must be at most 64
 * characters") written to follow the field's name; anything else is a sentence already.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^(is|must|may|should|can|cannot|does|has) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** A route's body schema, for forms that send exactly that body (the route table marks every body optional). */
export function bodySchema<S>(route: { path: string; body?: S }): S {
  if (!route.body) throw new Error(`${route.path} declares no body`);
  return route.body;
}
