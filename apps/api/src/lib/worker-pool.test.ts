import { describe, expect, it } from 'vitest';
import { WorkerPool, WorkerTaskError } from './worker-pool.js';

// Doubles a number; fails for 13 with a code; stops its thread for 666 (always) and for 777 the
// first time a pool sees it (a flag in shared memory); never answers for 0. Each worker counts
// its start in the second slot.
const SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const seen = new Int32Array(workerData);
Atomics.add(seen, 1, 1);
parentPort.on('message', ({ id, task }) => {
  if (task === 666) process.exit(3);
  if (task === 777 && Atomics.add(seen, 0, 1) === 0) process.exit(4);
  if (task === 0) return;
  if (task === 13) return parentPort.postMessage({ id, error: 'unlucky', code: 'UNLUCKY' });
  parentPort.postMessage({ id, result: task * 2 });
});
`;

const pool = (size = 2, maxQueue = 10, idleExitMs?: number, shared = new SharedArrayBuffer(8)) =>
  new WorkerPool<number, number>({ source: SOURCE, workerData: shared, size, maxQueue, busy: () => new Error('busy'), ...(idleExitMs === undefined ? {} : { idleExitMs }) });

describe('worker pool', () => {
  it('runs every task and answers each its own result', async () => {
    const p = pool();
    expect(await Promise.all([1, 2, 3, 4, 5].map((n) => p.run(n)))).toEqual([2, 4, 6, 8, 10]);
    await p.close();
  });

  it('passes a task’s failure on with its code', async () => {
    const p = pool();
    const error = await p.run(13).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WorkerTaskError);
    expect(error).toMatchObject({ message: 'unlucky', code: 'UNLUCKY' });
    expect(await p.run(4)).toBe(8);
    await p.close();
  });

  it('a worker that stops is replaced, and its task runs again on the new one', async () => {
    const p = pool(1);
    expect(await Promise.all([p.run(777), p.run(21)])).toEqual([1554, 42]);
    await p.close();
  });

  it('a task that stops every worker it meets fails after its second, and only it', async () => {
    const p = pool(1);
    const [crashed, after] = await Promise.allSettled([p.run(666), p.run(21)]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/exit code 3/) } });
    expect(after).toEqual({ status: 'fulfilled', value: 42 });
    await p.close();
  });

  it('refuses past its queue, and close() fails what is still running or waiting', async () => {
    const p = pool(1, 2);
    const stuck = p.run(0); // occupies the only worker
    const waiting = [p.run(1), p.run(2)];
    await expect(p.run(3)).rejects.toThrow('busy');
    // Watched before close() fails them, so no rejection goes unhandled meanwhile.
    const outcomes = Promise.allSettled([stuck, ...waiting]);
    await p.close();
    for (const outcome of await outcomes) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: expect.stringMatching(/closed/) } });
  });

  it('with idleExitMs, a worker idle that long stops and the next task starts a new one; one kept busy stays', async () => {
    const shared = new SharedArrayBuffer(8);
    const starts = () => new Int32Array(shared)[1];
    const p = pool(1, 10, 300, shared);
    expect(await p.run(1)).toBe(2);
    for (let i = 0; i < 4; i++) {
      await new Promise((r) => setTimeout(r, 100));
      expect(await p.run(i + 1)).toBe((i + 1) * 2);
    }
    expect(starts()).toBe(1); // never idle for 300 ms in a row
    await new Promise((r) => setTimeout(r, 700));
    expect(await p.run(5)).toBe(10);
    expect(starts()).toBe(2);
    await p.close();
  });
});
