import type { AdminNft } from '@parmeta/contracts';

export type DisplayType = '' | 'number' | 'boost_number' | 'boost_percentage' | 'date';

export const DISPLAY_TYPES: readonly { value: DisplayType; label: string }[] = [
  { value: '', label: 'Text' },
  { value: 'number', label: 'Number' },
  { value: 'boost_number', label: 'Boost' },
  { value: 'boost_percentage', label: 'Boost %' },
  { value: 'date', label: 'Date (unix seconds)' },
];

/** One row of the attributes editor; `key` keeps React's identity when rows are removed. */
export interface AttributeRow {
  key: number;
  trait_type: string;
  value: string;
  display_type: DisplayType;
}

let nextKey = 1;
export const newAttributeRow = (row: Partial<Omit<AttributeRow, 'key'>> = {}): AttributeRow => ({
  key: nextKey++,
  trait_type: row.trait_type ?? '',
  value: row.value ?? '',
  display_type: row.display_type ?? '',
});

const isDisplayType = (value: unknown): value is DisplayType => DISPLAY_TYPES.some((t) => t.value === value);

export const rowsFromAttributes = (attributes: AdminNft['attributes']): AttributeRow[] =>
  attributes.map((a) => newAttributeRow({ trait_type: a.trait_type, value: String(a.value), display_type: isDisplayType(a.display_type) ? a.display_type : '' }));

/**
 * The rows as ERC-721 attributes: a numeric display type sends its value as a number (an
 * unparseable one as NaN, which the contract refuses under that row), text stays text.
 */
export function attributesFromRows(rows: readonly AttributeRow[]) {
  return rows.map((row) => {
    const value = row.display_type === '' ? row.value : row.value.trim() === '' ? '' : Number(row.value.trim());
    return { trait_type: row.trait_type, value, ...(row.display_type ? { display_type: row.display_type } : {}) };
  });
}
