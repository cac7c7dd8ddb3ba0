/** Field path ("name", "attributes.2.value") -> the message to show under that field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The part of a zod schema the forms use; the contracts' schemas fit it. */
export interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

export type Validation<Out> = { ok: true; data: Out } | { ok: false; errors: FieldErrors };

const pathOf = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** The first message per field path: the one to fix first. */
export function errorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[pathOf(issue.path)] ??= issue.message;
  return errors;
}

/**
 * Runs the contract schema the server also runs, so both report the same problems. A
 * field left empty simply "is required", where the schema would describe the format it
 * expects: `blank` names the fields the user left empty.
 */
export function validate<Out>(schema: FormSchema<Out>, body: unknown, blank: readonly string[] = []): Validation<Out> {
  const result = schema.safeParse(body);
  if (result.success) return { ok: true, data: result.data };
  const errors = errorsFromIssues(result.error.issues);
  for (const field of blank) if (errors[field]) errors[field] = 'is required';
  return { ok: false, errors };
}

/** The `fields` of a failure envelope, as the form keys them (the server joins paths with dots too). */
export const errorsFromServer = (fields: Readonly<Record<string, string>> | undefined): FieldErrors => ({ ...fields });

/**
 * The contracts' messages are sentence endings ("is required", "must be at most 200
 * characters") written to follow the field's name; anything else is a sentence already.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^(is|must|may|should|can|cannot|does|has) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}

/** The names of text fields left empty, for `validate`. */
export const blankFields = (values: Readonly<Record<string, unknown>>) =>
  Object.entries(values)
    .filter(([, v]) => typeof v === 'string' && v.trim() === '')
    .map(([k]) => k);

/** A money or count typed as text: empty is missing, anything else goes to the schema as a number. */
export const numberInput = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim().replace(/,/g, '')));

/** A route's body schema, for forms that send exactly that body (the route table marks every body optional). */
export function bodySchema<S>(route: { body?: S }): S {
  if (!route.body) throw new Error('This route takes no body.');
  return route.body;
}
