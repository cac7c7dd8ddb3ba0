// Builds the contracts, the web app and the API, each only when something it is built from
// changed since its last build (docs/decisions/0049). `npm start` runs this, so a restart with
// no change starts the server at once; `npm run build` runs it with --all (every step).
//
// A step is skipped when its stamp (dist/.build-stamp.json) records the same inputs (a hash of
// the content of every file it is built from, the lockfile and the VITE_ environment) and the
// same outputs (the path, size and modification time of every file in dist) as now. Outputs
// are checked too, so a dist that was rebuilt or touched by hand since is built again.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '..');
const STAMP = '.build-stamp.json';
const SHARED = ['package-lock.json', 'tsconfig.base.json'];
const CONTRACTS = ['packages/contracts/src', 'packages/contracts/package.json', 'packages/contracts/tsconfig.json', 'packages/contracts/tsconfig.build.json'];

/** In dependency order: each step's inputs include those of what it is built from. */
export const STEPS = [
  { name: 'contracts', workspace: 'packages/contracts', inputs: [...SHARED, ...CONTRACTS] },
  {
    name: 'web',
    workspace: 'apps/web',
    inputs: [...SHARED, ...CONTRACTS, ...['src', 'public', 'build', 'scripts', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'].map((p) => `apps/web/${p}`)],
    env: /^VITE_/,
  },
  { name: 'api', workspace: 'apps/api', inputs: [...SHARED, ...CONTRACTS, ...['src', 'scripts', 'package.json', 'tsconfig.json', 'tsconfig.build.json'].map((p) => `apps/api/${p}`)] },
];

/** Tests are not built into anything. */
const IGNORED = (name) => name === 'node_modules' || name === 'dist' || /\.test\.(tsx?|mjs)$/.test(name);

function files(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [relative];
  return readdirSync(full, { withFileTypes: true })
    .filter((entry) => !IGNORED(entry.name))
    .flatMap((entry) => files(root, path.join(relative, entry.name)));
}

function inputsHash(root, step) {
  const hash = createHash('sha256');
  for (const file of step.inputs.flatMap((input) => files(root, input)).sort()) hash.update(`${file}\0`).update(readFileSync(path.join(root, file))).update('\0');
  if (step.env) for (const key of Object.keys(process.env).filter((k) => step.env.test(k)).sort()) hash.update(`${key}=${process.env[key]}\0`);
  return hash.digest('hex');
}

function filesIn(root, relative) {
  const full = path.join(root, relative);
  if (!existsSync(full)) return [];
  return readdirSync(full, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesIn(root, path.join(relative, entry.name)) : [path.join(relative, entry.name)]));
}

function outputsHash(root, step) {
  const hash = createHash('sha256');
  for (const file of filesIn(root, path.join(step.workspace, 'dist')).sort()) {
    if (path.basename(file) === STAMP) continue;
    const s = statSync(path.join(root, file));
    hash.update(`${file}\0${s.size}\0${s.mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/**
 * Runs the steps that need it, in order; answers what each did ('skipped' or 'built').
 * A step's `command` defaults to `npm run build -w <workspace>`.
 */
export function buildChanged({ root = REPO, steps = STEPS, all = false, log = console.log } = {}) {
  const done = {};
  for (const step of steps) {
    const started = performance.now();
    const stampFile = path.join(root, step.workspace, 'dist', STAMP);
    const inputs = inputsHash(root, step);
    const stamp = existsSync(stampFile) ? JSON.parse(readFileSync(stampFile, 'utf8')) : null;
    if (!all && stamp?.inputs === inputs && stamp.outputs === outputsHash(root, step)) {
      log(`${step.name}: unchanged since its last build, skipped (${Math.round(performance.now() - started)} ms to check)`);
      done[step.name] = 'skipped';
      continue;
    }
    // Removed first: a build that stops half-way must not leave a stamp that vouches for it.
    rmSync(stampFile, { force: true });
    log(`${step.name}: ${all ? 'building' : stamp ? 'changed, building' : 'not built yet, building'}`);
    const [command, ...args] = step.command ?? ['npm', 'run', 'build', '-w', step.workspace];
    const built = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error(`${step.name}: the build failed (exit ${built.status})`);
    writeFileSync(stampFile, JSON.stringify({ inputs, outputs: outputsHash(root, step) }, null, 2));
    log(`${step.name}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    done[step.name] = 'built';
  }
  return done;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  try {
    buildChanged({ all: process.argv.includes('--all') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
