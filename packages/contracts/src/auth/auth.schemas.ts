import { z } from '../zod.js';

/**
 * Account rules, shared by the server and the web forms.
 * userName: 3-32 of a-z, 0-9, "_" and "."; compared case-insensitively, so it is lower-cased on the way in.
 * Password: NIST SP 800-63B-4 for password-only accounts: 15 to 128 characters, no composition
 * rules, no truncation. The common-password and contains-name checks run on the server.
 */
export const PASSWORD_MIN = 15;
export const PASSWORD_MAX = 128;

export const userNameSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .min(3, 'must be at least 3 characters')
  .max(32, 'must be at most 32 characters')
  .regex(/^[a-z0-9_.]+$/, 'may contain only letters, digits, "_" and "."');

export const emailSchema = z
  .string({ error: 'is required' })
  .trim()
  .toLowerCase()
  .max(254, 'is too long')
  .pipe(z.email({ error: 'must be a valid email address' }));

export const passwordSchema = z
  .string({ error: 'is required' })
  .min(PASSWORD_MIN, `must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`);

export const fullNameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(100, 'must be at most 100 characters');

export const signUpBody = z.strictObject({
  userName: userNameSchema,
  fullName: fullNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.input<typeof signUpBody>;

/** A new password to rate, with the words of its account (they make it guessable). */
export const passwordStrengthBody = z.strictObject({
  password: z.string({ error: 'is required' }).max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
  userName: z.string().trim().max(32).optional(),
  email: z.string().trim().max(254).optional(),
  fullName: z.string().trim().max(100).optional(),
});
export type PasswordStrengthBody = z.input<typeof passwordStrengthBody>;
export const passwordStrength = z.object({
  ok: z.boolean().describe('whether sign-up, reset or a password change would accept it (length aside)'),
  score: z.number().int().min(0).max(4).describe('zxcvbn score: 0 too guessable .. 4 very unguessable; 3 is the least accepted'),
  message: z.string().nullable().describe('why it is refused, as the field message'),
  suggestions: z.array(z.string()),
});
export type PasswordStrength = z.infer<typeof passwordStrength>;

export const signInBody = z.strictObject({
  /** The user name or the email address. */
  userName: z.string({ error: 'is required' }).trim().toLowerCase().min(1, 'is required').max(254, 'is too long'),
  password: z.string({ error: 'is required' }).min(1, 'is required').max(PASSWORD_MAX, `must be at most ${PASSWORD_MAX} characters`),
});
export type SignInBody = z.input<typeof signInBody>;

export const verifyBody = z.strictObject({ signature: z.string({ error: 'is required' }).min(10, 'is not a valid link').max(200, 'is not a valid link') });
export const emailQuery = z.strictObject({ email: emailSchema });
export const resetPasswordBody = z.strictObject({
  token: z.string({ error: 'is required' }).min(10, 'is not a valid link').max(200, 'is not a valid link'),
  password: passwordSchema,
});

export const memberClassSchema = z.enum(['standard', 'silver', 'gold', 'platinum']);
export type MemberClass = z.infer<typeof memberClassSchema>;
export const roleSchema = z.enum(['user', 'admin']);

export const tokenState = z.object({
  accessToken: z.object({ token: z.string(), expire: z.number().int().describe('epoch milliseconds') }),
  refreshToken: z.object({
    token: z.string().optional().describe('omitted when the refresh token travels in the httpOnly cookie'),
    expire: z.number().int().describe('epoch milliseconds'),
  }),
});
export type TokenState = z.infer<typeof tokenState>;
