/** One changed value between the before and after of an audit entry. */
export interface DiffRow {
  /** Dotted path, e.g. "price" or "shipping.carrier"; "" for a whole value that is not an object. */
  path: string;
  before: string | undefined;
  after: string | undefined;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A value as short JSON: long strings and big structures are cut, the diff stays readable. */
export function compactValue(value: unknown, max = 80): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Objects become path -> leaf; arrays and scalars are leaves (an image list reads as one value). */
function flatten(value: unknown, prefix: string, out: Map<string, unknown>): Map<string, unknown> {
  if (isPlainObject(value) && (Object.keys(value).length > 0 || prefix === '')) {
    // An empty object at the top is "nothing recorded"; deeper down it is a value of its own.
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else if (value !== undefined) {
    out.set(prefix, value);
  }
  return out;
}

/**
 * What an audited action changed: every path whose value differs, in the order the after
 * (then the before) lists them. A created record has only afters; a deleted one only befores.
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const a = flatten(before ?? undefined, '', new Map());
  const b = flatten(after ?? undefined, '', new Map());
  const paths = [...new Set([...b.keys(), ...a.keys()])];
  const rows: DiffRow[] = [];
  for (const path of paths) {
    const was = a.get(path);
    const is = b.get(path);
    if (a.has(path) && b.has(path) && JSON.stringify(was) === JSON.stringify(is)) continue;
    rows.push({ path, before: a.has(path) ? compactValue(was) : undefined, after: b.has(path) ? compactValue(is) : undefined });
  }
  return rows;
}

/** One line for the table: "price 10 → 12, stock 3 → 5" (at most `limit` changes, then "+2 more"). */
export function diffSummary(rows: readonly DiffRow[], limit = 2): string {
  if (rows.length === 0) return 'No changes recorded';
  const shown = rows.slice(0, limit).map((r) => {
    const name = r.path || 'value';
    if (r.before === undefined) return `${name} ${r.after ?? ''}`.trim();
    if (r.after === undefined) return `${name} removed`;
    return `${name} ${r.before} → ${r.after}`;
  });
  const more = rows.length - shown.length;
  return more > 0 ? `${shown.join(', ')} +${more} more` : shown.join(', ');
}

const ACTIONS: Record<string, string> = {
  'product.create': 'Product created',
  'product.update': 'Product edited',
  'product.stock': 'Stock changed',
  'category.create': 'Category added',
  'category.update': 'Category edited',
  'collection.create': 'Collection created',
  'collection.update': 'Collection edited',
  'nft.mint': 'NFT minted',
  'nft.update': 'NFT edited',
  'order.ship': 'Order shipped',
  'order.deliver': 'Order delivered',
  'order.cancel': 'Order cancelled',
  'payout.complete': 'Payout completed',
  'payout.fail': 'Payout failed',
  'journal.export': 'Journal exported',
};

/** An action in words; one this page does not know yet still reads: "thing.do_it" -> "Thing do it". */
export function actionText(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const words = action.replace(/[._/-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The admin page of an audited record ("product:12", "order:ORD-…"), when it has one. */
export function targetHref(target: string): string | null {
  const [kind, key] = target.split(':', 2);
  if (!key) return null;
  if (kind === 'product' || kind === 'nft') return /^\d+$/.test(key) ? `/admin/${kind}s/${key}` : null;
  if (kind === 'order') return `/admin/orders/${encodeURIComponent(key)}`;
  return null;
}
