/**
 * A URL slug from a name, in the contract's form (a-z, 0-9, single dashes, at most 80):
 * "Aurora Headphones (Black)" -> "aurora-headphones-black". Accents are dropped, not lost:
 * "Café Crème" -> "cafe-creme".
 */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 80)
    .replace(/^-+|-+$/g, '');
}
