/**
 * A number written as text (a query string, a form field): optional sign, digits, optional
 * decimals. The contracts read numbers from text this way (`numeric`), and so does the web
 * app's zod-free browsing filter, so both agree.
 */
export const NUMERIC_TEXT = /^\s*[-+]?\d+(\.\d+)?\s*$/;
