import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, stopChild, track, waitFor200 } from './proc.js';

const HELLO_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'hello-server.mjs');

export interface HelloServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

/** Starts the bare node:http hello-world baseline as its own child process. */
export async function startHello(): Promise<HelloServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [HELLO_ENTRY], {
    env: { PATH: process.env.PATH, PORT: String(port), NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  track(child);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${baseUrl}/`, child, performance.now(), 10_000);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  if (child.pid === undefined) throw new Error('hello server has no pid');
  return { baseUrl, pid: child.pid, stop: () => stopChild(child) };
}
