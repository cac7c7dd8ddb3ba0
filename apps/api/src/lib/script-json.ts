/**
 * JSON text made safe to write inside a <script> element: `<`, `>` and `&` as JSON escapes, which
 * read back as the same characters, so no "</script>" or "<!--" in a value can close or bend the
 * element. (Outside strings JSON has none of the three.)
 */
export const scriptSafeJson = (json: string) => json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
