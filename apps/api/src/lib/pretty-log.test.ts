import { describe, expect, it } from 'vitest';
import { prettyLine } from './pretty-log.js';

const at = new Date(2025, 0, 2, 9, 5, 7).getTime();

describe('readable development log', () => {
  it('prints time, level and message, and each other field on a line of its own', () => {
    const line = JSON.stringify({ level: 30, time: at, pid: 1, hostname: 'h', msg: 'Demo admin: sign in at http://localhost:3000/login', userName: 'admin', password: 'pale-river-Xy9' });
    const out = prettyLine(`${line}\n`).split('\n');
    expect(out[0]).toBe('09:05:07 INFO   Demo admin: sign in at http://localhost:3000/login');
    // The password alone after its label: a double click selects it whole.
    expect(out).toContain(`${' '.repeat(15)}password: pale-river-Xy9`);
    expect(out).toContain(`${' '.repeat(15)}userName: admin`);
    expect(out.join('\n')).not.toMatch(/pid|hostname/);
  });

  it('prints a request on one line and an error with its stack', () => {
    expect(prettyLine(`{"level":30,"time":${at},"reqId":"r-1","method":"GET","url":"/api/health","statusCode":200,"ms":3,"msg":"request"}\n`)).toBe('09:05:07 INFO   GET /api/health 200 3 ms\n');
    const err = prettyLine(JSON.stringify({ level: 50, time: at, msg: 'request errored', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at x (y.ts:1:1)' } }));
    expect(err).toBe(`09:05:07 ERROR  request errored\n${' '.repeat(15)}Error: boom\n${' '.repeat(15)}    at x (y.ts:1:1)\n`);
  });

  it('passes a line that is not JSON through unchanged', () => {
    expect(prettyLine('plain text\n')).toBe('plain text\n');
  });
});
