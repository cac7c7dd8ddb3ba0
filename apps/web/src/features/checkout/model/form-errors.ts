/** Field name -> the message to show under that field. */
export type FieldErrors = Record<string, string>;

interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** One message per top-level field, the first one: "shipping_country.value" belongs to "shipping_country". */
export function errorsFromIssues(issues: readonly Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[String(issue.path[0] ?? '')] ??= issue.message;
  return errors;
}

/** The server's `fields` ("shipping.shipping_zip") keyed by form field ("shipping_zip"). */
export function errorsFromServer(fields: Readonly<Record<string, string>> | undefined, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const rest = prefix && path.startsWith(`${prefix}.`) ? path.slice(prefix.length + 1) : path;
    errors[rest.split('.')[0] ?? rest] ??= message;
  }
  return errors;
}

/**
 * The contracts' messages are sentence endings ("is required", "must be a valid email
 * address") written to follow the field's name; anything else is a sentence already.
 */
export function fieldMessage(label: string, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (/^(is|must|may|should|can|cannot|does) /.test(message)) return `${label} ${message}`;
  return message.charAt(0).toUpperCase() + message.slice(1);
}
