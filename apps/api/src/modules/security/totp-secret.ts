import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Keys for what two-step sign-in stores, derived from the server secret (JWT_SECRET, or the one
 * generated into DATA_DIR) with HKDF, one per purpose: a database copy alone gives neither the
 * authenticator secrets nor a way to test guesses of recovery codes (docs/decisions/0031).
 */
export class SecretBox {
  private readonly encryptionKey: Buffer;
  private readonly codeKey: Buffer;

  constructor(serverSecret: string) {
    const derive = (info: string) => Buffer.from(hkdfSync('sha256', serverSecret, 'parmeta-two-factor', info, 32));
    this.encryptionKey = derive('totp-secret-aes-256-gcm');
    this.codeKey = derive('recovery-code-hmac');
  }

  /** AES-256-GCM: iv.tag.ciphertext, base64url each. */
  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.encryptionKey, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
  }

  open(sealed: string): string {
    const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url')) as [Buffer, Buffer, Buffer];
    const decipher = createDecipheriv('aes-256-gcm', this.encryptionKey, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  }

  /** A recovery code's stored form: HMAC-SHA256 under a server key (the codes are random, so no slow hash is needed). */
  codeHash(normalisedCode: string): string {
    return createHmac('sha256', this.codeKey).update(normalisedCode).digest('hex');
  }
}
