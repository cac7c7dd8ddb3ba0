import { describe, expect, it } from 'vitest';
import { chunkCycles } from './chunk-cycles';

const graph = (edges: Record<string, string[]>) => new Map(Object.entries(edges));

describe('chunkCycles', () => {
  it('finds none in a tree or a diamond', () => {
    expect(chunkCycles(graph({ a: ['b', 'c'], b: ['d'], c: ['d'], d: [] }))).toEqual([]);
  });

  it('finds a pair and a longer ring once each, whichever chunk it starts from', () => {
    const cycles = chunkCycles(graph({ a: ['b'], b: ['a', 'c'], c: ['d'], d: ['b'], e: ['a'] }));
    expect(cycles).toEqual([
      ['a', 'b', 'a'],
      ['b', 'c', 'd', 'b'],
    ]);
  });

  it('ignores imports of chunks outside the map', () => {
    expect(chunkCycles(graph({ a: ['zod.js'] }))).toEqual([]);
  });
});
