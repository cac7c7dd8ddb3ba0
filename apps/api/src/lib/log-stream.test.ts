import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchedLogStream } from './log-stream.js';

const tempFile = () => path.join(mkdtempSync(path.join(os.tmpdir(), 'parmeta-log-')), 'out.log');
/** An already open descriptor, as standard output is. */
const open = (file: string) => openSync(file, 'a');

describe('batched log stream', () => {
  it('writes every line, in order, once the turn ends and the stream is drained', async () => {
    const file = tempFile();
    const stream = batchedLogStream(open(file));
    for (let i = 0; i < 1000; i++) stream.write(`{"n":${i}}\n`);
    // The turn's batch is handed over asynchronously: it is in flight when drained() is called.
    await new Promise((resolve) => setImmediate(resolve));
    for (let i = 1000; i < 1500; i++) stream.write(`{"n":${i}}\n`);
    await stream.drained();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(1500);
    expect(lines.map((l) => (JSON.parse(l) as { n: number }).n)).toEqual([...Array(1500).keys()]);
  });

  it('flushSync writes lines of the current turn too (shutdown loses nothing)', () => {
    const file = tempFile();
    const stream = batchedLogStream(open(file));
    stream.write('first\n');
    stream.write('second ünïcode\n');
    stream.flushSync();
    expect(readFileSync(file, 'utf8')).toBe('first\nsecond ünïcode\n');
  });
});
