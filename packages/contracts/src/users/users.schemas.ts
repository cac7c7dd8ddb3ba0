import { z } from '../zod.js';
import { address } from '../account/address.schemas.js';
import { memberClassSchema, roleSchema } from '../auth/auth.schemas.js';
import { savedCard } from '../payments/payments.schemas.js';

export { userIdBody } from '../common/user-id.js';

/**
 * The original's "user detail". address and allCard hold the saved addresses and cards;
 * parAmount is the par balance in major units.
 */
export const userDetail = z.object({
  userName: z.string(),
  /** The profile's name once the member has set one (the sign-up name until then). */
  fullName: z.string(),
  /** The profile photo's 64 px thumbnail, or null. */
  avatar: z.string().nullable(),
  email: z.string(),
  memberClass: memberClassSchema,
  parAmount: z.number(),
  walletId: z.string(),
  role: roleSchema,
  /** What the member class gives and how far the next one is (spend in major units). */
  memberProgress: z.object({
    lifetimeSpend: z.number(),
    discountPercent: z.number(),
    pointsMultiplier: z.number(),
    next: z.object({ memberClass: memberClassSchema, minSpend: z.number(), remaining: z.number() }).nullable(),
  }),
  address: z.array(address),
  allCard: z.array(savedCard),
});
export type UserDetail = z.infer<typeof userDetail>;
