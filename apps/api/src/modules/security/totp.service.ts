import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { PRODUCT_NAME } from '@parmeta/contracts/constants';
import type { Kysely } from 'kysely';
import { commitWithoutFlush } from '../../db/durability.js';
import type { Database } from '../../db/database.js';
import type { Db } from '../../db/connection.js';
import { lockUser } from '../../db/locks.js';
import { businessRule, conflict } from '../../http/errors.js';
import { refused, type Context } from './refusal.js';
import { LIMITS } from '../auth/auth.deps.js';
import { tooMany } from '../auth/rate-limit.js';
import { clear, hit, peek } from '../auth/throttle.repository.js';
import * as repo from './totp.repository.js';
import type { SecretBox } from './totp-secret.js';

const PERIOD_S = 30;
const RECOVERY_CODES = 10;
// No 0/O, 1/I/L: codes are read off paper.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const WRONG_CODE = 'That code is not right, or it was used already. Enter the newest code from your authenticator app.';

/** What a member types at the second step: an authenticator code or a recovery code. */
export type SecondFactor = { code: string } | { recoveryCode: string };

/**
 * Two-step sign-in with an authenticator app (RFC 6238 TOTP through `otpauth`): set-up with a
 * QR code and a first code, ten single-use recovery codes, and the check of a code, which is
 * rate-limited like a password and accepts each code once.
 */
export class TotpService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async enabled(userId: number): Promise<boolean> {
    const row = await repo.findTotp(this.db.kysely, userId);
    return row !== undefined && row.enabled_at !== null;
  }

  async status(userId: number) {
    const [enabled, left] = await Promise.all([this.enabled(userId), repo.recoveryCodesLeft(this.db.kysely, userId)]);
    return { enabled, recoveryCodesLeft: enabled ? left : 0 };
  }

  /** A fresh secret, shown once; it takes effect when confirmed with a first code. */
  async setup(userId: number, userName: string) {
    if (await this.enabled(userId)) throw conflict('Two-step sign-in is already on. Turn it off first to set up another app.');
    const secret = new Secret({ size: 20 });
    const sealed = this.box.seal(secret.base32);
    const put = await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      return repo.putPendingTotp(trx, userId, sealed, Date.now());
    });
    if (!put) {
      throw conflict('Two-step sign-in was turned on a moment ago. Reload the page.');
    }
    const uri = totpFor(secret, userName).toString();
    // The QR code maker loads on the first set-up, not at start (docs/decisions/0065).
    const qrCode = `data:image/svg+xml;base64,${Buffer.from(await (await import('qrcode')).default.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })).toString('base64')}`;
    return { secret: secret.base32, uri, qrCode };
  }

  /** Turns it on with a first code from the app; answers the recovery codes, shown once. */
  async enable(userId: number, code: string, ip: string) {
    const row = await repo.findTotp(this.db.kysely, userId);
    if (!row) throw businessRule('Start the set-up first: scan the QR code, then enter the code your app shows.');
    if (row.enabled_at !== null) throw conflict('Two-step sign-in is already on.');
    await this.checkCode(userId, { code }, ip, 'signed-in', { allowPending: true });
    const codes = newRecoveryCodes();
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if (!(await repo.enableTotp(trx, userId, Date.now()))) throw conflict('Two-step sign-in was turned on a moment ago.');
      await repo.replaceRecoveryCodes(trx, userId, codes.map((c) => this.box.codeHash(normalise(c))), Date.now());
    });
    return { recoveryCodes: codes };
  }

  async disable(userId: number, code: string, ip: string): Promise<void> {
    if (!(await this.enabled(userId))) throw businessRule('Two-step sign-in is not on.');
    await this.checkCode(userId, { code }, ip, 'signed-in');
    await repo.deleteTotp(this.db.kysely, userId);
  }

  async renewRecoveryCodes(userId: number, code: string, ip: string) {
    if (!(await this.enabled(userId))) throw businessRule('Two-step sign-in is not on.');
    await this.checkCode(userId, { code }, ip, 'signed-in');
    const codes = newRecoveryCodes();
    await repo.replaceRecoveryCodes(this.db.kysely, userId, codes.map((c) => this.box.codeHash(normalise(c))), Date.now());
    return { recoveryCodes: codes };
  }

  /**
   * Accepts a code once, or throws: 429 once too many wrong codes came for this account or
   * from this address (the same limits as passwords), else 401 for a wrong or reused code.
   * Answers which kind of code it was.
   */
  async checkCode(userId: number, factor: SecondFactor, ip: string, context: Context, { allowPending = false } = {}): Promise<'totp' | 'recovery'> {
    const { kysely } = this.db;
    const now = Date.now();
    const accountKey = `code:user:${userId}`;
    const ipKey = `code:ip:${ip}`;
    const [account, fromIp] = await Promise.all([peek(kysely, accountKey, LIMITS.codeFailuresPerAccount.windowMs, now), peek(kysely, ipKey, LIMITS.codeFailuresPerIp.windowMs, now)]);
    if (account.hits >= LIMITS.codeFailuresPerAccount.max) throw tooMany(account.windowStart, LIMITS.codeFailuresPerAccount, now, 'Too many wrong codes. Please wait a few minutes and try again.');
    if (fromIp.hits >= LIMITS.codeFailuresPerIp.max) throw tooMany(fromIp.windowStart, LIMITS.codeFailuresPerIp, now);

    const ok = 'code' in factor ? await this.acceptTotp(kysely, userId, factor.code, now, allowPending) : await repo.useRecoveryCode(kysely, userId, this.box.codeHash(normalise(factor.recoveryCode)), now);
    if (!ok) {
      await commitWithoutFlush(this.db, async (trx) => {
        await hit(trx, accountKey, LIMITS.codeFailuresPerAccount.windowMs, now);
        await hit(trx, ipKey, LIMITS.codeFailuresPerIp.windowMs, now);
      });
      throw refused(context, WRONG_CODE, 'code' in factor ? 'code' : 'recoveryCode');
    }
    if (account.hits > 0) await clear(kysely, accountKey);
    return 'code' in factor ? 'totp' : 'recovery';
  }

  /** The code of the current step or one step either side (clock drift), newer than the last one accepted. */
  private async acceptTotp(db: Kysely<Database>, userId: number, code: string, now: number, allowPending: boolean): Promise<boolean> {
    const row = await repo.findTotp(db, userId);
    if (!row || (row.enabled_at === null && !allowPending)) return false;
    const totp = totpFor(Secret.fromBase32(this.box.open(row.secret)), '');
    const delta = totp.validate({ token: code, timestamp: now, window: 1 });
    if (delta === null) return false;
    const step = Math.floor(now / 1000 / PERIOD_S) + delta;
    return repo.acceptStep(db, userId, step);
  }
}

const totpFor = (secret: Secret, label: string) => new TOTP({ issuer: PRODUCT_NAME, label, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret });

function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const normalise = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
