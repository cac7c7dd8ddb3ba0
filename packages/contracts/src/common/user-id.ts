import { z } from '../zod.js';

/** user_id is the userName, as in the original; it must be the caller's own. */
export const userIdBody = z.strictObject({ user_id: z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(32) });
