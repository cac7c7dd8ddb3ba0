import { randomBytes } from 'node:crypto';
import type { LinkedWallet } from '@parmeta/contracts';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { lockUser } from '../../db/locks.js';
import { badRequest, conflict, notFound, unauthorized } from '../../http/errors.js';
import { isUniqueViolation } from '../../db/errors.js';
import { findUserById } from '../auth/auth.repository.js';
import { consumeChallenge, insertChallenge } from './challenge.repository.js';
import { refused, type Context } from './refusal.js';
import * as repo from './linked-wallet.repository.js';
import type { Outcome, SignInService } from './sign-in.service.js';

/** How long a message may wait for its signature. */
export const SIWE_TTL_MS = 5 * 60_000;
/** Clocks differ: an issued-at this far ahead of ours is still believed. */
const CLOCK_SKEW_MS = 60_000;

type Purpose = 'siwe_link' | 'siwe_signin';

// viem, with the curve it recovers signers with (~120 kB of code), is read when a wallet is first
// used, not at start: most members never link one (docs/decisions/0088).
const viem = () => import('viem');
const siwe = () => import('viem/siwe');
const STATEMENT: Record<Purpose, string> = {
  siwe_link: 'Link this wallet to your ParMeta Market account.',
  siwe_signin: 'Sign in to ParMeta Market with your linked wallet.',
};

const toLinked = (row: { address: string; chain_id: number; created_at: number }): LinkedWallet => ({ address: row.address, chainId: Number(row.chain_id), linkedAt: row.created_at });

/**
 * Sign-In with Ethereum (EIP-4361) through viem: the server writes the message (domain and URI
 * from PUBLIC_URL, the wallet's chain id, a single-use nonce, issued-at and expiry), the wallet
 * signs it, and the server parses the signed text back, checks every field against what it
 * issued, and recovers the signer (EIP-191). Only plain accounts (EOAs) can sign in this way:
 * smart-contract wallets (ERC-1271) would need a chain connection the shop does not have.
 */
export class SiweService {
  private readonly domain: string;
  private readonly uri: string;

  constructor(
    private readonly db: Db,
    config: Config,
    private readonly signIns: SignInService,
  ) {
    const url = new URL(config.publicUrl);
    this.domain = url.host;
    this.uri = url.origin;
  }

  async linked(userId: number): Promise<LinkedWallet | null> {
    const row = await repo.linkedWalletOf(this.db.kysely, userId);
    return row ? toLinked(row) : null;
  }

  /** The message to link `address`; refused at once when it cannot succeed. */
  async linkMessage(userId: number, address: string, chainId: number): Promise<{ message: string }> {
    const checksummed = (await viem()).getAddress(address);
    await this.assertLinkable(userId, checksummed);
    return this.message('siwe_link', userId, checksummed, chainId);
  }

  async link(userId: number, message: string, signature: `0x${string}`): Promise<LinkedWallet> {
    const { address, chainId } = await this.verify('siwe_link', message, signature, userId);
    await this.assertLinkable(userId, address);
    try {
      // Under the member's lock: a closing that committed since the session check leaves no wallet linked.
      const row = await this.db.kysely.transaction().execute(async (trx) => {
        await lockUser(trx, this.db.dialect, userId);
        return repo.insertLinkedWallet(trx, { userId, address, chainId, now: Date.now() });
      });
      return toLinked(row);
    } catch (error) {
      // Two links at once: the unique indexes decide, and the loser is told plainly.
      if (isUniqueViolation(error)) throw conflict('This wallet was linked a moment ago, or your account already has one. Reload the page.');
      throw error;
    }
  }

  async unlink(userId: number): Promise<void> {
    if (!(await repo.deleteLinkedWallet(this.db.kysely, userId))) throw notFound('No wallet is linked to your account.');
  }

  /** The message to sign in with `address`; any address gets one, so it tells nobody which are linked. */
  async signInMessage(address: string, chainId: number): Promise<{ message: string }> {
    return this.message('siwe_signin', null, (await viem()).getAddress(address), chainId);
  }

  async signIn(message: string, signature: `0x${string}`, userAgent: string | undefined): Promise<Outcome> {
    const { address } = await this.verify('siwe_signin', message, signature);
    const linked = await repo.findByAddress(this.db.kysely, address);
    const user = linked && (await findUserById(this.db.kysely, linked.user_id));
    if (!user) throw unauthorized('This wallet is not linked to an account. Sign in with your password and link it on the wallet page first.');
    return this.signIns.afterFirstStep(user, 'wallet', userAgent);
  }

  private async assertLinkable(userId: number, address: string): Promise<void> {
    const [mine, owner] = await Promise.all([repo.linkedWalletOf(this.db.kysely, userId), repo.findByAddress(this.db.kysely, address)]);
    if (owner && owner.user_id !== userId) throw conflict('This wallet is linked to another account. One wallet can belong to one account only.');
    if (owner) throw conflict('This wallet is already linked to your account.');
    if (mine) throw conflict('Your account already has a linked wallet. Unlink it first to link another.');
  }

  private async message(purpose: Purpose, userId: number | null, address: `0x${string}`, chainId: number): Promise<{ message: string }> {
    const now = Date.now();
    // Random from the system's generator: viem's generateSiweNonce slices one random buffer, so
    // consecutive nonces differ by a character and the next one can be guessed.
    const nonce = randomBytes(16).toString('hex');
    await insertChallenge(this.db.kysely, { value: nonce, kind: purpose, userId, detail: address, expiresAt: now + SIWE_TTL_MS, now });
    const message = (await siwe()).createSiweMessage({
      domain: this.domain,
      uri: this.uri,
      address,
      chainId,
      nonce,
      version: '1',
      statement: STATEMENT[purpose],
      issuedAt: new Date(now),
      expirationTime: new Date(now + SIWE_TTL_MS),
    });
    return { message };
  }

  /**
   * Every field of the signed message checked against what this server issues, then the signer
   * recovered from the signature, then the nonce used up (once, for this purpose and member).
   * Answers the checksummed signer.
   */
  private async verify(purpose: Purpose, message: string, signature: `0x${string}`, userId?: number): Promise<{ address: `0x${string}`; chainId: number }> {
    const context: Context = purpose === 'siwe_signin' ? 'sign-in' : 'signed-in';
    const { getAddress, recoverMessageAddress } = await viem();
    const fields = (await siwe()).parseSiweMessage(message);
    const refuse = (why: string) => badRequest(`This wallet message cannot be used: ${why}.`, { message: why });
    if (fields.domain !== this.domain) throw refuse(`it was written for ${fields.domain ?? 'another site'}, not ${this.domain}`);
    if (fields.uri !== this.uri) throw refuse('its address (URI) is not this site');
    if (fields.version !== '1') throw refuse('its version is not 1');
    if (!fields.address || !fields.nonce || typeof fields.chainId !== 'number' || !Number.isSafeInteger(fields.chainId) || fields.chainId < 1) throw refuse('it is incomplete');
    if (fields.statement !== STATEMENT[purpose]) throw refuse('it asks for something else');
    const now = Date.now();
    if (!fields.issuedAt || Number.isNaN(fields.issuedAt.getTime()) || fields.issuedAt.getTime() > now + CLOCK_SKEW_MS) throw refuse('its issue time is missing or in the future');
    if (!fields.expirationTime || Number.isNaN(fields.expirationTime.getTime()) || fields.expirationTime.getTime() <= now) throw refuse('it has expired, so please sign a new one');
    if (fields.notBefore && fields.notBefore.getTime() > now + CLOCK_SKEW_MS) throw refuse('it is not valid yet');

    let address: `0x${string}`;
    try {
      address = getAddress(fields.address);
    } catch {
      throw refuse('its address is not valid');
    }
    let signer: `0x${string}` | undefined;
    try {
      signer = await recoverMessageAddress({ message, signature });
    } catch {
      signer = undefined;
    }
    if (signer !== address) throw refused(context, 'The signature does not come from the wallet named in the message.', 'signature');

    const used = await consumeChallenge(this.db.kysely, fields.nonce, purpose, now, userId);
    if (!used.ok) {
      const why = used.problem === 'used' ? 'This message was signed and used already. Please sign a new one.' : used.problem === 'expired' ? 'This message has expired. Please sign a new one.' : 'This message was not issued by us for you.';
      throw refused(context, why, 'message');
    }
    if (used.detail !== address) throw refused(context, 'This message was issued for another wallet.', 'message');
    return { address, chainId: fields.chainId };
  }
}
