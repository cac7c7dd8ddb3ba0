import { z } from '../zod.js';
import { countryLabel } from './country-list.js';

/** A country as the forms send it: the ISO code as value, its name as label; the label must match the code. */
export const countrySchema = z
  .object({
    value: z.string({ error: 'is required' }).trim().toUpperCase().length(2, 'must be a two-letter ISO 3166-1 code'),
    label: z.string().trim().max(100).optional(),
  })
  .refine((c) => countryLabel(c.value) !== undefined, { message: 'is not a known country', path: ['value'] })
  .transform((c) => ({ value: c.value, label: countryLabel(c.value) as string }));
