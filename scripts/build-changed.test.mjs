import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildChanged } from './build-changed.mjs';

/**
 * `npm start` builds only what changed (docs/decisions/0049). Two steps in a throw-away
 * folder, the second built from the first's sources, each "build" a real process that writes
 * dist/out.txt and counts its runs.
 */
describe('build only what changed', () => {
  let root;
  const build = (workspace) => [process.execPath, '-e', `const fs=require('fs');fs.mkdirSync('${workspace}/dist',{recursive:true});fs.writeFileSync('${workspace}/dist/out.txt',fs.readFileSync('${workspace}/src/main.txt'));fs.appendFileSync('runs.txt','${workspace}\\n')`];
  const steps = () => [
    { name: 'lib', workspace: 'lib', inputs: ['lock.json', 'lib/src'], command: build('lib') },
    { name: 'app', workspace: 'app', inputs: ['lock.json', 'lib/src', 'app/src'], command: build('app') },
  ];
  const run = (all = false) => buildChanged({ root, steps: steps(), all, log: () => undefined });
  const runs = () => readFileSync(path.join(root, 'runs.txt'), 'utf8').trim().split('\n');
  const write = (file, text) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'parmeta-build-'));
    write('lock.json', '{}');
    write('lib/src/main.txt', 'lib 1');
    write('app/src/main.txt', 'app 1');
    write('app/src/main.test.ts', 'a test');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds everything the first time, nothing the second', () => {
    expect(run()).toEqual({ lib: 'built', app: 'built' });
    expect(run()).toEqual({ lib: 'skipped', app: 'skipped' });
    expect(runs()).toEqual(['lib', 'app']);
  });

  it('rebuilds a step whose own sources changed, and what is built from them', () => {
    run();
    write('app/src/main.txt', 'app 2');
    expect(run()).toEqual({ lib: 'skipped', app: 'built' });
    expect(readFileSync(path.join(root, 'app/dist/out.txt'), 'utf8')).toBe('app 2');
    write('lib/src/extra.txt', 'new file');
    expect(run()).toEqual({ lib: 'built', app: 'built' });
    write('lock.json', '{"dependency":"upgraded"}');
    expect(run()).toEqual({ lib: 'built', app: 'built' });
  });

  it('goes by content, not by dates, and leaves tests out', () => {
    run();
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'app/src/main.txt'), later, later);
    write('app/src/main.test.ts', 'another test');
    expect(run()).toEqual({ lib: 'skipped', app: 'skipped' });
  });

  it('rebuilds when the output was changed or removed since, or when told to', () => {
    run();
    write('app/dist/out.txt', 'edited by hand');
    expect(run()).toEqual({ lib: 'skipped', app: 'built' });
    expect(readFileSync(path.join(root, 'app/dist/out.txt'), 'utf8')).toBe('app 1');
    rmSync(path.join(root, 'lib/dist'), { recursive: true });
    expect(run()).toEqual({ lib: 'built', app: 'skipped' });
    expect(run(true)).toEqual({ lib: 'built', app: 'built' });
  });

  it('leaves no stamp behind a build that failed, so the next start tries again', () => {
    run();
    write('lib/src/main.txt', 'lib 2');
    const failing = [{ ...steps()[0], command: [process.execPath, '-e', 'process.exit(3)'] }];
    expect(() => buildChanged({ root, steps: failing, log: () => undefined })).toThrow(/lib: the build failed \(exit 3\)/);
    expect(run()).toMatchObject({ lib: 'built' });
  });
});
