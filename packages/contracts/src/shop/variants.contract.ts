import { z } from '../zod.js';
import { idNumber, numeric } from '../common/number-input.js';
import { positiveMoneySchema } from '../common/money-schema.js';
import { defineRoute } from '../routes.js';

/**
 * Product options and variants (issue #17 item 1, docs/decisions/0050). A product may have up
 * to three options (Size, Colour, ...), each with its values; a variant is one combination of
 * those values with its own SKU, price, stock and image. A product without options has no
 * variants and is sold as it always was.
 */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;

export const productOption = z.object({ name: z.string(), values: z.array(z.string()) });
export type ProductOption = z.infer<typeof productOption>;

export const productVariant = z.object({
  id: z.number(),
  sku: z.string(),
  /** One value per option, in the options' order. */
  options: z.array(z.string()),
  price: z.number(),
  stock: z.number(),
  stockState: z.enum(['in_stock', 'low_stock', 'out_of_stock']),
  /** The variant's own picture, or '' to show the product's. */
  image: z.string(),
});
export type ProductVariant = z.infer<typeof productVariant>;

const label = z.string({ error: 'is required' }).trim().min(1, 'is required').max(40, 'must be at most 40 characters');
const optionInput = z.strictObject({
  name: label,
  values: z
    .array(label)
    .min(1, 'add at least one value')
    .max(MAX_OPTION_VALUES, `at most ${MAX_OPTION_VALUES} values`)
    .refine((v) => new Set(v.map((x) => x.toLowerCase())).size === v.length, 'has the same value twice'),
});

const stockSchema = numeric(z.number().int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000'));

const variantInput = z.strictObject({
  /** An existing variant of this product (kept, with its orders' history); left out for a new one. */
  id: idNumber('must be a variant id').optional(),
  sku: z.string({ error: 'is required' }).trim().toUpperCase().regex(/^[A-Z0-9][A-Z0-9._-]{0,39}$/, 'may contain only A-Z, 0-9, dots, dashes and underscores (at most 40)'),
  options: z.array(label).max(MAX_OPTIONS),
  price: positiveMoneySchema(2).refine((v) => v <= 1_000_000, 'must be at most 1000000'),
  stock: stockSchema,
  /** The stock the form started from: refused with 409 if orders changed it meanwhile (as for products). */
  expectedStock: stockSchema.optional(),
  image: z.union([z.literal(''), z.string().trim().regex(/^\/(media|demo)\/[A-Za-z0-9/_.-]+$/, 'must be an uploaded image URL')]).default(''),
});

/** Every option and variant of a product, saved together (the admin's form is the whole set). */
export const saveVariantsBody = z
  .strictObject({
    productId: idNumber('must be a product id'),
    options: z.array(optionInput).max(MAX_OPTIONS, `at most ${MAX_OPTIONS} options`),
    variants: z.array(variantInput).max(MAX_VARIANTS, `at most ${MAX_VARIANTS} variants`),
  })
  .superRefine((b, ctx) => {
    const names = b.options.map((o) => o.name.toLowerCase());
    if (new Set(names).size !== names.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'two options have the same name' });
    if (b.options.length === 0 && b.variants.length > 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'add an option (e.g. Size) before adding variants' });
    if (b.options.length > 0 && b.variants.length === 0) ctx.addIssue({ code: 'custom', path: ['variants'], message: 'add at least one variant, or remove the options' });
    const seen = new Set<string>();
    const skus = new Set<string>();
    for (const [i, v] of b.variants.entries()) {
      if (v.options.length !== b.options.length) {
        ctx.addIssue({ code: 'custom', path: ['variants', i, 'options'], message: `needs one value for each of the ${b.options.length} options` });
        continue;
      }
      v.options.forEach((value, j) => {
        if (!b.options[j]!.values.includes(value)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'options', j], message: `"${value}" is not a value of ${b.options[j]!.name}` });
      });
      const key = v.options.join('\u0000').toLowerCase();
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'options'], message: 'another variant has the same combination' });
      seen.add(key);
      if (skus.has(v.sku)) ctx.addIssue({ code: 'custom', path: ['variants', i, 'sku'], message: 'another variant has this SKU' });
      skus.add(v.sku);
    }
  });
export type SaveVariantsBody = z.input<typeof saveVariantsBody>;

export const productVariants = z.object({ productId: z.number(), options: z.array(productOption), variants: z.array(productVariant) });
export type ProductVariants = z.infer<typeof productVariants>;

export const variantRoutes = {
  adminProductVariants: defineRoute({
    method: 'POST',
    path: '/admin/products/variants',
    summary: "A product's options and variants",
    tag: 'admin',
    auth: true,
    body: z.strictObject({ productId: idNumber('must be a product id') }),
    data: productVariants,
  }),
  adminSaveVariants: defineRoute({
    method: 'POST',
    path: '/admin/products/variants/save',
    summary: "Replace a product's options and variants (price range and stock follow); a variant's stock with expectedStock only while it is still that",
    tag: 'admin',
    auth: true,
    body: saveVariantsBody,
    data: productVariants,
  }),
};
