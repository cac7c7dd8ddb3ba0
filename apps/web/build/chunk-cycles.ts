import type { Plugin } from 'vite';

/**
 * The cycles of static imports between chunks (each as the file names around it, the first
 * repeated at the end), from a map of each chunk to the chunks it imports.
 */
export function chunkCycles(imports: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const seen = new Set<string>();
  // A cycle found from each of its chunks in turn is the same cycle.
  const key = (cycle: string[]) => cycle.slice(0, -1).sort().join(' ');
  const visit = (file: string, path: string[]) => {
    for (const next of imports.get(file) ?? []) {
      const at = path.indexOf(next);
      if (at < 0) {
        visit(next, [...path, next]);
        continue;
      }
      const cycle = [...path.slice(at), next];
      const id = key(cycle);
      if (seen.has(id)) continue;
      seen.add(id);
      cycles.push(cycle);
    }
  };
  for (const file of imports.keys()) visit(file, [file]);
  return cycles;
}

/**
 * Fails the build when chunks that run code as they load import each other, e.g. two chunks of
 * contract schemas: each builds its schemas from the other's at the top level, and the one the
 * browser runs first finds the other's not built yet (the page stays on its loading bar, with
 * no error). Cycles between chunks that only use each other inside functions (the session and
 * the shared components) are harmless and allowed.
 */
export function noChunkCycles(strict: (chunkName: string) => boolean): Plugin {
  return {
    name: 'parmeta:no-chunk-cycles',
    apply: 'build',
    generateBundle(_options, bundle) {
      const imports = new Map<string, string[]>();
      const names = new Map<string, string>();
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        imports.set(output.fileName, output.imports);
        names.set(output.fileName, output.name);
      }
      const bad = chunkCycles(imports).filter((cycle) => cycle.some((file) => strict(names.get(file) ?? '')));
      if (bad.length > 0) this.error(`chunks import each other:\n${bad.map((cycle) => `  ${cycle.join(' -> ')}`).join('\n')}`);
    },
  };
}
