/** Field name -> the message to show under that field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** The part of a zod schema the forms use; the contracts' schemas fit it. */
export interface FormSchema<Out> {
  safeParse(input: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly Issue[] } };
}

/**
 * Forms show one message per top-level field: a nested path such as "country.value"
 * belongs to the "country" field. The server names fields the same way (path joined by
 * dots), so its messages land under the same fields as the browser's own.
 */
export const fieldOf = (path: string) => path.split('.')[0] ?? path;

/** The first message per field, as the server keeps it: the one a user should fix first. */
export function errorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = fieldOf(issue.path.map(String).join('.'));
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The `fields` of a failure envelope, keyed by form field. */
export function errorsFromServer(fields: Readonly<Record<string, string>> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) errors[fieldOf(path)] ??= message;
  return errors;
}

export type Validation<Out> = { ok: true; data: Out } | { ok: false; errors: FieldErrors };

/**
 * Runs the contract schema the server also runs, so both report the same problems. One
 * difference in wording: a field left empty "is required", where the schema would describe
 * the format it expects ("must be in international form") — the plainer thing to hear first.
 */
export function validate<Out>(schema: FormSchema<Out>, values: Readonly<Record<string, unknown>>): Validation<Out> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors = errorsFromIssues(result.error.issues);
  for (const field of Object.keys(errors)) {
    const value = values[field];
    if (typeof value === 'string' && value.trim() === '') errors[field] = 'is required';
  }
  return { ok: false, errors };
}

/**
 * The contracts' messages are sentence endings ("is required", "must be at most 64
 * characters") written to follow the field's name; anything else is a sentence already.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^(is|must|may|should|can|cannot|does) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
