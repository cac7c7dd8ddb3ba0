/**
 * The rules one environment variable is checked by at start-up. Not zod: the server would load
 * all of zod (1.7 MB of heap, 3.3 MB of RSS) before its first request only to read its settings,
 * where the request schemas load zod when a request first needs them (docs/decisions/0088).
 * A rule turns the variable's text (undefined when unset or empty) into its value, or throws an
 * EnvProblem saying in plain words what the value must be.
 */
export type Rule<T> = (text: string | undefined) => T;

export class EnvProblem extends Error {}

const problem = (message: string): never => {
  throw new EnvProblem(message);
};

/** What a set variable's text must be: answers its value or throws an EnvProblem. */
export type Check<T> = (text: string) => T;

/** Unset: undefined. */
export const optional =
  <T>(check: Check<T>): Rule<T | undefined> =>
  (text) =>
    text === undefined ? undefined : check(text);

/** Unset: `fallback`. */
export const withDefault =
  <T>(check: Check<T>, fallback: T): Rule<T> =>
  (text) =>
    text === undefined ? fallback : check(text);

/** Text of a length, matching a pattern (the pattern, and what to say when it does not match). */
export const text =
  ({ min = 1, max = Infinity, pattern }: { min?: number; max?: number; pattern?: [RegExp, string] } = {}): Check<string> =>
  (t) => {
    if (t.length < min) problem(`must be at least ${min} characters`);
    if (t.length > max) problem(`must be at most ${max} characters`);
    if (pattern && !pattern[0].test(t)) problem(pattern[1]);
    return t;
  };

export const oneOf =
  <const V extends string>(values: readonly V[]): Check<V> =>
  (t) =>
    (values as readonly string[]).includes(t) ? (t as V) : problem(`must be one of ${values.join(', ')}`);

/** A whole number within [min, max]. */
export const int = ({ min, max = Infinity }: { min: number; max?: number }): Check<number> => {
  const range = max === Infinity ? `${min} or more` : `from ${min} to ${max}`;
  return (t) => {
    const n = Number(t);
    return /^-?\d+$/.test(t.trim()) && n >= min && n <= max ? n : problem(`must be a whole number ${range}`);
  };
};

/** true/false or 1/0. */
export const flag: Check<boolean> = (t) => (t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : problem('must be true, false, 1 or 0'));

export const url: Check<string> = (t) => (URL.canParse(t) ? t : problem('must be a URL such as https://shop.example.com'));

/** Only the shape (one @, a dot in the domain): the address is proven by the mail it receives. */
export const email: Check<string> = (t) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) ? t : problem('must be an email address'));

const secrets = new WeakSet<Rule<unknown>>();

/** A variable whose value is never written into an error (and so into a log): a secret, or a URL that may hold a password. */
export const secret = <T>(rule: Rule<T>): Rule<T> => {
  secrets.add(rule);
  return rule;
};

/**
 * Every variable read by its rule. Throws one EnvProblem listing every bad variable with what it
 * must be and what it was, so a wrong deployment is fixed in one go.
 */
export function readEnv<R extends Record<string, Rule<unknown>>>(rules: R, source: Record<string, string | undefined>): { [K in keyof R]: ReturnType<R[K]> } {
  const values: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [name, rule] of Object.entries(rules)) {
    const raw = source[name];
    const given = raw === undefined || raw === '' ? undefined : raw;
    try {
      values[name] = rule(given);
    } catch (error) {
      if (!(error instanceof EnvProblem)) throw error;
      const got = secrets.has(rule) && given !== undefined ? `${given.length} characters, not shown` : JSON.stringify(given);
      lines.push(`  ${name}: ${error.message} (got ${got})`);
    }
  }
  if (lines.length > 0) throw new EnvProblem(lines.join('\n'));
  return values as { [K in keyof R]: ReturnType<R[K]> };
}
