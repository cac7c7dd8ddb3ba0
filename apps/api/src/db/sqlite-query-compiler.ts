import { SqliteQueryCompiler, type LimitNode, type OperationNode, type RawNode, type ValueNode } from 'kysely';

/** Limits up to this are written into the SQL text; a larger one stays a parameter (a cached statement per value would crowd the statement cache). */
const LARGEST_WRITTEN_LIMIT = 10_000;

/** A fragment of a raw `sql` template that ends where a LIMIT's value goes. */
const ENDS_WITH_LIMIT = /\blimit\s*$/i;

/** The whole number a node binds, when it is one a LIMIT may carry in its text. */
function writableLimit(node: OperationNode | undefined): number | undefined {
  if (node?.kind !== 'ValueNode') return undefined;
  const { value, immediate } = node as ValueNode;
  return !immediate && typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= LARGEST_WRITTEN_LIMIT ? value : undefined;
}

/**
 * SQLite's compiler, writing a LIMIT's whole number into the statement's text instead of
 * binding it. SQLite prepares a statement again on every run whose LIMIT is a bound parameter
 * (the planner reads the limit's value): 5-7 µs more for a row by key, ~45 µs more for a
 * catalog page's statement (docs/decisions/0081). A query builder's `.limit(n)` and a raw
 * template's `limit ${n}` are both written in; OFFSET stays a parameter, which costs nothing.
 */
export class SqliteLimitsCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const limit = writableLimit(node.limit);
    if (limit === undefined) return super.visitLimit(node);
    this.append(`limit ${limit}`);
  }

  protected override visitRaw(node: RawNode): void {
    const { sqlFragments, parameters } = node;
    for (let i = 0; i < sqlFragments.length; i++) {
      const fragment = sqlFragments[i]!;
      this.append(fragment);
      const parameter = parameters[i];
      if (parameter === undefined) continue;
      const limit = ENDS_WITH_LIMIT.test(fragment) ? writableLimit(parameter) : undefined;
      if (limit === undefined) this.visitNode(parameter);
      else this.append(String(limit));
    }
  }
}
