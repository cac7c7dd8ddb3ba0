import { z } from '../zod.js';
import { tokenState } from '../auth/auth.schemas.js';
import { userDetail } from '../users/users.schemas.js';

/** How a session was started, shown in the sessions list. */
export const signInMethodSchema = z.enum(['password', 'passkey', 'wallet']);
export type SignInMethod = z.infer<typeof signInMethodSchema>;

/** A signed-in session: tokens and the user detail, whatever the way in. */
export const signedIn = tokenState.extend({ user: userDetail });

/**
 * The first step passed but the account has two-step sign-in on: no session yet, only a
 * short-lived, single-use token that the second step (a code) exchanges for one.
 */
export const secondStepRequired = z.object({
  secondStep: z.object({ token: z.string(), expire: z.number().int().describe('epoch milliseconds') }),
});
export type SecondStepRequired = z.infer<typeof secondStepRequired>;

export const signInOutcome = z.union([signedIn, secondStepRequired]);
export type SignInOutcome = z.infer<typeof signInOutcome>;

/** A six-digit authenticator code. */
export const totpCodeSchema = z
  .string({ error: 'is required' })
  .trim()
  .transform((s) => s.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'must be the 6 digits your authenticator app shows'));

/** A recovery code as shown (letters and digits in two groups); case and dashes do not matter. */
export const recoveryCodeSchema = z
  .string({ error: 'is required' })
  .trim()
  .transform((s) => s.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/, 'must be one of your 10-character recovery codes'));

export const secondStepBody = z.union(
  [z.strictObject({ token: z.string({ error: 'is required' }).min(20).max(100), code: totpCodeSchema }), z.strictObject({ token: z.string({ error: 'is required' }).min(20).max(100), recoveryCode: recoveryCodeSchema })],
  { error: 'give the code from your authenticator app or a recovery code' },
);
export type SecondStepBody = z.input<typeof secondStepBody>;

export const codeBody = z.strictObject({ code: totpCodeSchema });
/** The web form's shape of the recovery-code variant of the second step. */
export const recoveryCodeBody = z.strictObject({ recoveryCode: recoveryCodeSchema });

export const twoFactorStatus = z.object({
  enabled: z.boolean(),
  /** Recovery codes not used yet. */
  recoveryCodesLeft: z.number().int(),
  /** Whether this account must have a passkey or two-step sign-in (admins, when the setting is on). */
  required: z.boolean(),
});

export const twoFactorSetup = z.object({
  /** base32, for typing into an app; shown once. */
  secret: z.string(),
  /** otpauth:// URI the QR code encodes. */
  uri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});

export const recoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });

export const sessionInfo = z.object({
  id: z.string(),
  method: signInMethodSchema,
  secondFactor: z.enum(['totp', 'recovery']).nullable(),
  device: z.string().describe('a short description of the browser, from its user agent'),
  createdAt: z.number(),
  lastUsedAt: z.number(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionRef = z.strictObject({ sessionId: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{8,32}$/, 'is not a session id') });

const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*$/, 'must be base64url');

/** What @simplewebauthn/browser's startRegistration answers (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: base64url(512).min(1),
  rawId: base64url(512).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16384),
    authenticatorData: base64url(4096).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

/** What startAuthentication answers (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: base64url(512).min(1),
  rawId: base64url(512).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});

export const passkeyNameSchema = z.string({ error: 'is required' }).trim().min(1, 'is required').max(60, 'must be at most 60 characters');

export const passkeyInfo = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  /** Synced by its provider (iCloud Keychain, Google Password Manager, ...). */
  backedUp: z.boolean(),
});
export type PasskeyInfo = z.infer<typeof passkeyInfo>;

/** Options for navigator.credentials, as JSON (the browser library turns them into buffers). */
export const credentialOptions = z.record(z.string(), z.unknown());

/** A 0x address as the wallet reports it (any case). */
export const ethAddressSchema = z.string({ error: 'is required' }).trim().regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 0x address of 40 hex digits');
export const chainIdSchema = z.number({ error: 'is required' }).int('must be a whole number').min(1, 'must be positive').max(2 ** 53 - 1);

export const siweRequestBody = z.strictObject({ address: ethAddressSchema, chainId: chainIdSchema });
export const siweMessage = z.object({ message: z.string() });
export const siweSignedBody = z.strictObject({
  message: z.string({ error: 'is required' }).min(1, 'is required').max(2000, 'is too long'),
  signature: z.string({ error: 'is required' }).regex(/^0x[0-9a-fA-F]{130}$/, 'must be a 65-byte 0x signature'),
});
export type SiweSignedBody = z.input<typeof siweSignedBody>;

export const linkedWallet = z.object({ address: z.string(), chainId: z.number(), linkedAt: z.number() });
export type LinkedWallet = z.infer<typeof linkedWallet>;
