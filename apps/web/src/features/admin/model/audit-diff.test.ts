import { describe, expect, it } from 'vitest';
import { actionText, auditDiff, compactValue, diffSummary, targetHref } from './audit-diff';

describe('audit diff', () => {
  it('lists only the values that changed, by dotted path', () => {
    const rows = auditDiff({ name: 'Lamp', price: 10, stock: 3, category: { slug: 'home' } }, { name: 'Lamp', price: 12, stock: 5, category: { slug: 'living' } });
    expect(rows).toEqual([
      { path: 'price', before: '10', after: '12' },
      { path: 'stock', before: '3', after: '5' },
      { path: 'category.slug', before: '"home"', after: '"living"' },
    ]);
    expect(diffSummary(rows)).toBe('price 10 → 12, stock 3 → 5 +1 more');
  });

  it('shows a creation as afters only and a removal as befores only', () => {
    expect(auditDiff(null, { id: 4, listed: true })).toEqual([
      { path: 'id', before: undefined, after: '4' },
      { path: 'listed', before: undefined, after: 'true' },
    ]);
    expect(auditDiff({ tracking: 'X1' }, {})).toEqual([{ path: 'tracking', before: '"X1"', after: undefined }]);
    expect(diffSummary(auditDiff({ tracking: 'X1' }, {}))).toBe('tracking removed');
  });

  it('compares arrays and scalars as whole values', () => {
    expect(auditDiff({ images: ['/a.webp'] }, { images: ['/a.webp', '/b.webp'] })).toEqual([{ path: 'images', before: '["/a.webp"]', after: '["/a.webp","/b.webp"]' }]);
    expect(auditDiff('pending', 'failed')).toEqual([{ path: '', before: '"pending"', after: '"failed"' }]);
    expect(diffSummary(auditDiff('pending', 'failed'))).toBe('value "pending" → "failed"');
    expect(diffSummary([])).toBe('No changes recorded');
  });

  it('cuts long values', () => {
    const text = compactValue('x'.repeat(200));
    expect(text).toHaveLength(80);
    expect(text.endsWith('…')).toBe(true);
  });
});

describe('audit entry words', () => {
  it('names known actions and still reads unknown ones', () => {
    expect(actionText('order.ship')).toBe('Order shipped');
    expect(actionText('user.role_change')).toBe('User role change');
  });

  it('links records that have an admin page', () => {
    expect(targetHref('product:12')).toBe('/admin/products/12');
    expect(targetHref('nft:3')).toBe('/admin/nfts/3');
    expect(targetHref('order:ORD-ABC123')).toBe('/admin/orders/ORD-ABC123');
    expect(targetHref('payout:9')).toBeNull();
    expect(targetHref('category:audio')).toBeNull();
  });
});
