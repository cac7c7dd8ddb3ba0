import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { PasskeyInfo } from '@parmeta/contracts';
import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { lockUser } from '../../db/locks.js';
import { accountGone, conflict, notFound, unauthorized } from '../../http/errors.js';
import { refused, type Context } from './refusal.js';
import { findUserById } from '../auth/auth.repository.js';
import type { SessionService } from '../auth/session.service.js';
import type { ChallengeKind, PasskeyRow } from './security.table.js';
import { consumeChallenge, insertChallenge, type Consumed } from './challenge.repository.js';
import * as repo from './passkey.repository.js';
import type { Issued } from './sign-in.service.js';

/** How long the browser (and the person at it) has to answer a WebAuthn request. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
const MAX_PASSKEYS = 20;
/**
 * EdDSA, ES256 and RS256: what authenticators use. Named here, the library does not probe the
 * runtime for post-quantum ML-DSA, which Node 24 has only as an experiment (and warns about).
 */
const ALGORITHMS = [-8, -7, -257];
const NOT_VERIFIED = 'This passkey could not be checked. Please try again.';
/** The WebAuthn library (~0.5 MB with its certificate parsers) loads on the first passkey call, not at start (docs/decisions/0065). */
const webauthn = () => import('@simplewebauthn/server');

export const toPasskeyInfo = (row: PasskeyRow): PasskeyInfo => ({ id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at, backedUp: row.backed_up === 1 });

/**
 * Passkeys (WebAuthn) through `@simplewebauthn/server`: discoverable credentials with user
 * verification required, single-use challenges that expire, and signature counters checked.
 * The relying party is PUBLIC_URL: its host name is the RP ID and its origin the only one accepted.
 */
export class PasskeyService {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    private readonly db: Db,
    config: Config,
    private readonly sessions: SessionService,
  ) {
    const url = new URL(config.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: number): Promise<PasskeyInfo[]> {
    return (await repo.passkeysOf(this.db.kysely, userId)).map(toPasskeyInfo);
  }

  async registrationOptions(userId: number) {
    const user = await findUserById(this.db.kysely, userId);
    if (!user) throw accountGone();
    const existing = await repo.passkeysOf(this.db.kysely, userId);
    if (existing.length >= MAX_PASSKEYS) throw conflict(`You have ${MAX_PASSKEYS} passkeys, the most an account can have. Remove one first.`);
    const challenge = await this.newChallenge('passkey_register', userId);
    return (await webauthn()).generateRegistrationOptions({
      rpName: PRODUCT_NAME,
      rpID: this.rpID,
      userName: user.user_name,
      userDisplayName: user.full_name,
      // The wallet id: stable per account and no personal data (the authenticator keeps it).
      userID: new TextEncoder().encode(user.wallet_id),
      challenge,
      timeout: CHALLENGE_TTL_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: splitTransports(p.transports) })),
      authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
  }

  async register(userId: number, name: string, response: RegistrationResponseJSON): Promise<PasskeyInfo> {
    const check = challengeCheck(this.db, 'passkey_register', userId);
    const result = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: check.verify,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    }).catch((error: unknown) => {
      throw refusal(error, check.problem(), 'signed-in');
    });
    if (!result.verified) throw refused('signed-in', NOT_VERIFIED, 'response');
    const info = result.registrationInfo;
    if (await repo.findByCredentialId(this.db.kysely, info.credential.id)) throw conflict('This passkey is already added.');
    const passkey = {
      user_id: userId,
      credential_id: info.credential.id,
      public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? response.response.transports ?? []).join(','),
      name,
      device_type: info.credentialDeviceType,
      backed_up: info.credentialBackedUp ? 1 : 0,
      created_at: Date.now(),
    };
    // Under the member's lock: a closing that committed since the session check leaves no passkey behind.
    const row = await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      return repo.insertPasskey(trx, passkey);
    });
    return toPasskeyInfo(row);
  }

  async remove(userId: number, id: number): Promise<void> {
    if (!(await repo.deletePasskey(this.db.kysely, userId, id))) throw notFound('That passkey is not one of yours.');
  }

  /** Options for a sign-in with any passkey of this site: the browser offers the ones it has. */
  async signInOptions() {
    const challenge = await this.newChallenge('passkey_signin', null);
    return (await webauthn()).generateAuthenticationOptions({ rpID: this.rpID, challenge, timeout: CHALLENGE_TTL_MS, userVerification: 'required', allowCredentials: [] });
  }

  async signIn(response: AuthenticationResponseJSON, userAgent: string | undefined): Promise<Issued> {
    const passkey = await repo.findByCredentialId(this.db.kysely, response.id);
    if (!passkey) throw unauthorized('This passkey is not known here. It may have been removed: sign in with your password and add it again.');
    const check = challengeCheck(this.db, 'passkey_signin', null);
    const result = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: check.verify,
      expectedOrigin: this.origin,
      expectedRPID: this.rpID,
      credential: { id: passkey.credential_id, publicKey: Buffer.from(passkey.public_key, 'base64url'), counter: passkey.counter, transports: splitTransports(passkey.transports) },
      requireUserVerification: true,
    }).catch((error: unknown) => {
      throw refusal(error, check.problem(), 'sign-in');
    });
    if (!result.verified) throw unauthorized(NOT_VERIFIED);
    if (!(await repo.recordUse(this.db.kysely, passkey.id, passkey.counter, result.authenticationInfo.newCounter, Date.now()))) {
      throw unauthorized('This passkey was used at the same moment somewhere else. Please try again.');
    }
    const user = await findUserById(this.db.kysely, passkey.user_id);
    if (!user) throw unauthorized(NOT_VERIFIED);
    return this.sessions.start(user, { method: 'passkey', userAgent });
  }

  /** Random bytes: the library sends them base64url-encoded, which is the form the browser signs and we store. */
  private async newChallenge(kind: ChallengeKind, userId: number | null): Promise<Uint8Array<ArrayBuffer>> {
    const bytes = new Uint8Array(randomBytes(32));
    const now = Date.now();
    await insertChallenge(this.db.kysely, { value: Buffer.from(bytes).toString('base64url'), kind, userId, expiresAt: now + CHALLENGE_TTL_MS, now });
    return bytes;
  }
}

const splitTransports = (t: string) => (t ? t.split(',') : []) as AuthenticatorTransportLike[];
type AuthenticatorTransportLike = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

/** The challenge check handed to the library: it uses the challenge up, and remembers why it refused one. */
function challengeCheck(db: Db, kind: ChallengeKind, userId: number | null) {
  let outcome: Consumed | undefined;
  return {
    verify: async (challenge: string) => {
      outcome = await consumeChallenge(db.kysely, challenge, kind, Date.now(), userId ?? undefined);
      return outcome.ok;
    },
    problem: () => (outcome && !outcome.ok ? outcome.problem : undefined),
  };
}

/** The library's refusal in plain words; the detail that matters to the member, nothing internal. */
function refusal(error: unknown, challengeProblem: string | undefined, context: Context) {
  const no = (msg: string) => refused(context, msg, 'response');
  if (challengeProblem === 'used') return no('This passkey request was used already. Please try again.');
  if (challengeProblem === 'expired') return no('This passkey request has expired. Please try again.');
  if (challengeProblem === 'unknown') return no('This passkey request is not one we made. Please try again.');
  const text = error instanceof Error ? error.message : '';
  if (/origin/i.test(text)) return no('This passkey answer was made for another site.');
  if (/RP ID/i.test(text)) return no('This passkey belongs to another site.');
  if (/counter/i.test(text)) return no('This passkey answered with an old counter, so it may have been copied. Remove it and add it again.');
  if (/user verification|not verified/i.test(text)) return no('Your device did not confirm it was you (PIN, fingerprint or face). Please try again.');
  return no(NOT_VERIFIED);
}
