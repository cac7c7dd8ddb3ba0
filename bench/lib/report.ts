import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './proc.js';

export const RESULTS_DIR = path.join(REPO_ROOT, 'bench/results');

/** Writes a JSON file under bench/results/ (gitignored) and returns its path. */
export function saveResult(name: string, data: unknown): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, name);
  writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data, null, 2));
  return file;
}

/** Plain text table: first column left-aligned, the rest right-aligned. */
export function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export interface Check {
  label: string;
  ok: boolean;
  detail: string;
}

export const check = (label: string, ok: boolean, detail: string): Check => ({ label, ok, detail });

export function printChecks(checks: Check[]): void {
  for (const c of checks) console.log(`${c.ok ? 'PASS' : 'MISS'}  ${c.label}: ${c.detail}`);
}

/** True when this module is the script node was started with. */
export function isMain(importMetaUrl: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && path.resolve(entry) === new URL(importMetaUrl).pathname;
}

/** A number with fixed digits, or '-' when it is not finite. */
export const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

/** A positive number from the environment, or the fallback. */
export const envNum = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The 1/5/15-minute load average and core count, to print next to every result. */
export function loadAvg(): string {
  const [a = 0, b = 0, c = 0] = os.loadavg();
  return `load average ${a.toFixed(2)} ${b.toFixed(2)} ${c.toFixed(2)} on ${os.availableParallelism()} cores`;
}
