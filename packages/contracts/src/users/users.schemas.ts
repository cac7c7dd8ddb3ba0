import { z } from 'zod';
import { memberClassSchema, roleSchema } from '../auth/auth.schemas.js';

/**
 * The original's "user detail". address and allCard hold the saved addresses and cards;
 * parAmount is the par balance in major units.
 */
export const userDetail = z.object({
  userName: z.string(),
  fullName: z.string(),
  email: z.string(),
  memberClass: memberClassSchema,
  parAmount: z.number(),
  walletId: z.string(),
  role: roleSchema,
  address: z.array(z.record(z.string(), z.unknown())),
  allCard: z.array(z.record(z.string(), z.unknown())),
});
export type UserDetail = z.infer<typeof userDetail>;

/** user_id is the userName, as in the original; it must be the caller's own. */
export const userIdBody = z.strictObject({ user_id: z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(32) });
