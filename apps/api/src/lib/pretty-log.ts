/**
 * Pino's JSON lines made readable for a developer's terminal: the time, the level and the
 * message on one line; a request as "GET /api/health 200 3 ms"; every other field on a line of
 * its own below, so a value such as the demo admin's password can be copied on its own.
 * Development only (LOG_FORMAT=pretty); production keeps the JSON lines that log shippers read.
 * A few lines of our own rather than pino-pretty: no dependency tree for a dev nicety.
 */

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line carries, or that the first line already shows. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId']);
const INDENT = ' '.repeat(15);

const clock = (time: unknown) => (typeof time === 'number' ? new Date(time).toTimeString().slice(0, 8) : '--:--:--');
const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One JSON log line as readable text (with its trailing newline); a line that is not JSON passes as it is. */
export function prettyLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const level = (LEVELS[entry.level as number] ?? String(entry.level)).padEnd(5);
  const head = `${clock(entry.time)} ${level}  `;
  if (entry.msg === 'request' && typeof entry.method === 'string') {
    return `${head}${entry.method} ${text(entry.url)} ${text(entry.statusCode)} ${text(entry.ms)} ms\n`;
  }
  const out = [`${head}${text(entry.msg ?? '')}`];
  for (const [key, value] of Object.entries(entry)) {
    if (SHOWN.has(key)) continue;
    const stack = key === 'err' && typeof value === 'object' && value !== null ? (value as { stack?: unknown }).stack : undefined;
    if (typeof stack === 'string') out.push(...stack.split('\n').map((l) => `${INDENT}${l}`));
    else out.push(`${INDENT}${key}: ${text(value)}`);
  }
  return `${out.join('\n')}\n`;
}
