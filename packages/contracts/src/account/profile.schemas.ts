import { z } from '../zod.js';
import { defineRoute } from '../routes.js';
import { userIdBody } from '../common/user-id.js';

/** Phone numbers in E.164: "+", country code, subscriber number; 8 to 15 digits in all. */
export const e164Schema = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\+[1-9]\d{7,14}$/, 'must be in international form, e.g. +66812345678');

const MIN_AGE = 13;

/** A real calendar date (YYYY-MM-DD) in the past, at least 13 years ago. */
export const birthdaySchema = z
  .string({ error: 'is required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date like 1990-04-23')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'is not a real date')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    const limit = new Date();
    limit.setUTCFullYear(limit.getUTCFullYear() - MIN_AGE);
    return d.getTime() <= limit.getTime() && d.getUTCFullYear() >= 1900;
  }, `must be at least ${MIN_AGE} years ago`);

const nameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64, 'must be at most 64 characters');

/** An optional field: empty means "none" (null), absent means "leave as it is" (undefined). */
const clearable = <S extends z.ZodType>(schema: S) => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable()).optional();

/**
 * The text fields of edit_profile (the image arrives as a multipart file part named "img").
 * A field left out keeps its value, so a photo can be sent alone; only the first name is
 * needed to have a name at all, phone and birthday are optional.
 */
export const editProfileFields = z.strictObject({
  firstName: nameSchema.optional(),
  lastName: z.string().trim().max(64, 'must be at most 64 characters').optional(),
  phone: clearable(e164Schema),
  birthday: clearable(birthdaySchema),
});
export type EditProfileFields = z.input<typeof editProfileFields>;

export const profile = z.object({
  userName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  birthday: z.string().nullable(),
  /** URL of the avatar (256 px WebP); img64 is the 64 px thumbnail. */
  img: z.string().nullable(),
  img64: z.string().nullable(),
});
export type Profile = z.infer<typeof profile>;

export const profileRoutes = {
  editProfile: defineRoute({
    method: 'POST',
    path: '/user/edit_profile',
    summary: 'Edit the profile (form-urlencoded, or multipart/form-data with an "img" image file)',
    tag: 'account',
    auth: true,
    data: profile,
  }),
  callProfile: defineRoute({
    method: 'POST',
    path: '/user/call_profile',
    summary: "The caller's profile",
    tag: 'account',
    auth: true,
    body: userIdBody,
    data: profile,
  }),
};
