import { mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Who is using the embedded database right now: each server process and each restore leaves a
 * marker file (`run/<role>-<pid>.json`) beside the database while it runs (docs/decisions/0041).
 * A restore refuses while a server's marker is live, and a server refuses to start during a
 * restore. Each writes its own marker first and looks for the other's second, so two that start
 * at the same moment cannot both go on. A marker whose process is gone (a server that was killed)
 * is stale and removed when seen.
 */
export type RunRole = 'server' | 'restore';

export interface RunMarker {
  role: RunRole;
  pid: number;
  startedAt: number;
  file: string;
}

export class RunConflict extends Error {
  override name = 'RunConflict';
  constructor(
    message: string,
    readonly others: RunMarker[],
  ) {
    super(message);
  }
}

const runDir = (dbDir: string) => path.join(dbDir, 'run');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live markers in `dbDir` (other than this process's own); stale ones are removed. */
export function liveMarkers(dbDir: string): RunMarker[] {
  let names: string[];
  try {
    names = readdirSync(runDir(dbDir));
  } catch {
    return [];
  }
  const out: RunMarker[] = [];
  for (const name of names) {
    const match = /^(server|restore)-(\d+)\.json$/.exec(name);
    if (!match) continue;
    const file = path.join(runDir(dbDir), name);
    const pid = Number(match[2]);
    if (pid === process.pid) continue;
    if (!alive(pid)) {
      try {
        unlinkSync(file);
      } catch {
        // removed by someone else meanwhile
      }
      continue;
    }
    let startedAt = 0;
    try {
      startedAt = Number((JSON.parse(readFileSync(file, 'utf8')) as { startedAt?: number }).startedAt ?? 0);
    } catch {
      // being written right now: it is live all the same
    }
    out.push({ role: match[1] as RunRole, pid, startedAt, file });
  }
  return out;
}

/**
 * Marks this process as a `role` user of the database in `dbDir`, or throws RunConflict when
 * one it must not run beside is live: a server beside a restore, a restore beside anything.
 * Answers the release, which removes the marker (also done when the process exits).
 */
export function claimRun(dbDir: string, role: RunRole): () => void {
  mkdirSync(runDir(dbDir), { recursive: true });
  const file = path.join(runDir(dbDir), `${role}-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ role, pid: process.pid, startedAt: Date.now() }));
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    try {
      unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  const others = liveMarkers(dbDir).filter((m) => role === 'restore' || m.role === 'restore');
  if (others.length > 0) {
    release();
    const list = others.map((m) => `${m.role} (process ${m.pid}${m.startedAt ? `, since ${new Date(m.startedAt).toISOString()}` : ''})`).join(', ');
    throw new RunConflict(
      role === 'restore'
        ? `The app is using this database: ${list}. Stop it first, then restore. (If no such process runs, delete ${others.map((m) => m.file).join(', ')}.)`
        : `A restore of this database is under way: ${list}. Start the app when it has finished.`,
      others,
    );
  }
  return release;
}
