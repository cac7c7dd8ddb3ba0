import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { toMinor } from '@parmeta/contracts/common/money';
import { EnvProblem, email, flag, int, oneOf, optional, readEnv, secret, text, url, withDefault } from './env-rules.js';
import type { S3Settings } from './modules/media/media-store.js';
import type { MemberClassRule } from './modules/users/member-class.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api, whether running from src (tests) or dist (production build). */
export const API_ROOT = path.resolve(here, '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

const port = int({ min: 0, max: 65535 });

const envRules = {
  NODE_ENV: withDefault(oneOf(['development', 'production', 'test']), 'development'),
  HOST: withDefault(text(), '0.0.0.0'),
  PORT: withDefault(port, 3000),
  PUBLIC_URL: optional(url),
  DATA_DIR: withDefault(text(), path.join(REPO_ROOT, 'data')),
  DATABASE_URL: secret(optional(text({ pattern: [/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'] }))),
  DB_POOL_SIZE: withDefault(int({ min: 1, max: 200 }), 10),
  LOG_LEVEL: withDefault(oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  LOG_REQUESTS: withDefault(flag, true),
  LOG_FORMAT: optional(oneOf(['json', 'pretty'])),
  JWT_SECRET: secret(optional(text({ min: 32 }))),
  SMTP_URL: secret(optional(text({ pattern: [/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL'] }))),
  MAIL_FROM: withDefault(text({ min: 3 }), 'ParMeta Market <no-reply@parmeta.local>'),
  MAIL_POLL_MS: withDefault(int({ min: 50, max: 60_000 }), 2_000),
  HOUSEKEEPING_MS: withDefault(int({ min: 100, max: 3_600_000 }), 15_000),
  CATALOG_CACHE_MS: withDefault(int({ min: 0, max: 60_000 }), 2_000),
  SESSION_CHECK_CACHE_MS: withDefault(int({ min: 0, max: 10_000 }), 2_000),
  MEDIA_DIR: optional(text()),
  MEDIA_S3_BUCKET: optional(text({ min: 3, max: 63 })),
  MEDIA_S3_PREFIX: withDefault(text({ min: 0, max: 200, pattern: [/^([^/].*\/)?$/, 'must be empty or end with / (and not start with one)'] }), ''),
  MEDIA_S3_REGION: withDefault(text(), 'us-east-1'),
  MEDIA_S3_ENDPOINT: optional(url),
  MEDIA_S3_FORCE_PATH_STYLE: optional(flag),
  MEDIA_S3_ACCESS_KEY_ID: optional(text()),
  MEDIA_S3_SECRET_ACCESS_KEY: secret(optional(text())),
  WEB_DIST: withDefault(text(), path.join(REPO_ROOT, 'apps/web/dist')),
  SEED_DEMO: withDefault(flag, true),
  ADMIN_EMAIL: optional(email),
  ADMIN_PASSWORD: secret(optional(text({ min: 15, max: 128 }))),
  PREMIUM_PER_PAR: withDefault(int({ min: 1, max: 1_000_000 }), 100),
  PREMIUM_MIN_POINTS: withDefault(int({ min: 1 }), 500),
  POINTS_PER_PAR_SPENT: withDefault(int({ min: 0, max: 1000 }), 1),
  NFT_FEE_PERCENT: withDefault(text({ pattern: [/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 2.5'] }), '2.5'),
  NFT_RESERVATION_MINUTES: withDefault(int({ min: 1, max: 1440 }), 10),
  ORDER_EXPIRY_MINUTES: withDefault(int({ min: 1, max: 10_080 }), 30),
  SHIPPING_FEE: withDefault(text({ pattern: [/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount like 5.00'] }), '5.00'),
  FREE_SHIPPING_FROM: withDefault(text({ pattern: [/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount like 50.00'] }), '50.00'),
  MEMBER_CLASSES: withDefault(
    text({
      pattern: [
        /^(silver|gold|platinum):\d+(\.\d{1,2})?:\d+(\.\d{1,2})?:\d+(,(silver|gold|platinum):\d+(\.\d{1,2})?:\d+(\.\d{1,2})?:\d+)*$/,
        'must look like silver:500:2:125,gold:2000:5:150,platinum:10000:8:200 (class:min spend:discount %:points %)',
      ],
    }),
    'silver:500:2:125,gold:2000:5:150,platinum:10000:8:200',
  ),
  TRUST_PROXY: withDefault(flag, false),
  SHUTDOWN_DRAIN_MS: optional(int({ min: 0, max: 120_000 })),
  REQUIRE_ADMIN_SECOND_FACTOR: optional(flag),
  PUBLIC_CATALOG: withDefault(flag, false),
};

/** The environment variables the server reads (all text, all optional). */
export type Env = Partial<Record<keyof typeof envRules, string>>;

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  mediaDir: string;
  /** Uploaded media in S3-compatible object storage instead of mediaDir (what several instances share). */
  mediaS3: S3Settings | undefined;
  webDist: string;
  database: { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; poolSize: number };
  logLevel: string;
  logRequests: boolean;
  /** JSON lines for log shippers; readable lines in development (the default there). */
  logFormat: 'json' | 'pretty';
  jwtSecret: string;
  /** JWT_SECRET was not set: jwtSecret was generated, and the instances of one database agree on it at start (startup/secrets.ts). */
  jwtSecretGenerated: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  mailPollMs: number;
  housekeepingMs: number;
  /** How long a catalog list answer may be reused; bounds how stale another instance's list can be. 0: off. */
  catalogCacheMs: number;
  /** How long a checked access token (signature and active session) is trusted without asking again; 0 = ask every time. */
  sessionCheckCacheMs: number;
  seedDemo: boolean;
  admin: { email: string; password: string } | undefined;
  memberClasses: MemberClassRule[];
  rules: {
    premiumPerPar: number;
    premiumMinPoints: number;
    pointsPerParSpent: number;
    nftFeeBps: number;
    nftReservationMs: number;
    orderExpiryMs: number;
    shippingFee: number;
    freeShippingFrom: number;
  };
  trustProxy: boolean;
  /**
   * After SIGTERM, how long the instance keeps answering (not ready) before it stops listening:
   * the time its load balancer needs to stop sending to it (docs/decisions/0047).
   */
  shutdownDrainMs: number;
  /** Admins must sign in with a passkey, or a password and an authenticator code, to use the admin area. */
  requireAdminSecondFactor: boolean;
  /**
   * The shop, product, market and NFT pages (and their read calls) are open to visitors, with
   * their own page metadata and a sitemap (docs/decisions/0062). Off: the original's wall.
   */
  publicCatalog: boolean;
}

/** "silver:500:2:125,..." -> rules sorted by threshold, with standard at 0. Spend in major units, discount in %, points in %. */
function parseMemberClasses(spec: string): MemberClassRule[] {
  const rules: MemberClassRule[] = [{ name: 'standard', minSpend: 0, discountBps: 0, pointsPercent: 100 }];
  for (const part of spec.split(',')) {
    const [name, minSpend, discount, points] = part.split(':') as [MemberClassRule['name'], string, string, string];
    rules.push({ name, minSpend: toMinor(minSpend), discountBps: toMinor(discount), pointsPercent: Number(points) });
  }
  return rules.sort((a, b) => a.minSpend - b.minSpend);
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Secrets that are not set are generated once and kept in the data directory, so the
 * embedded default needs no set-up and survives restarts. Production must set them.
 * The file is replaced whole (written aside, then renamed), so an instance starting at the
 * same moment never reads half of it. Which value every instance of one database uses is
 * settled in the database (startup/secrets.ts): this file only proposes it.
 */
export function localSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, 'secrets.json');
  const stored: Record<string, string> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
  const existing = stored[name];
  if (existing) return existing;
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(aside, JSON.stringify({ ...stored, [name]: secret }, null, 2), { mode: 0o600 });
  renameSync(aside, file);
  return secret;
}

/** Parses the environment once, at start-up. Throws a ConfigError naming every bad variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  let env: ReturnType<typeof readEnv<typeof envRules>>;
  try {
    env = readEnv(envRules, source);
  } catch (error) {
    if (error instanceof EnvProblem) throw new ConfigError(`Invalid environment configuration:\n${error.message}`);
    throw error;
  }
  if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
    throw new ConfigError('Invalid environment configuration:\n  ADMIN_EMAIL / ADMIN_PASSWORD: set both or neither');
  }
  if (Boolean(env.MEDIA_S3_ACCESS_KEY_ID) !== Boolean(env.MEDIA_S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid environment configuration:\n  MEDIA_S3_ACCESS_KEY_ID / MEDIA_S3_SECRET_ACCESS_KEY: set both or neither');
  }
  if (env.NODE_ENV === 'production' && !env.JWT_SECRET) {
    throw new ConfigError('Invalid environment configuration:\n  JWT_SECRET: must be set in production');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: path.resolve(env.MEDIA_DIR ?? path.join(dataDir, 'media')),
    mediaS3: env.MEDIA_S3_BUCKET
      ? {
          bucket: env.MEDIA_S3_BUCKET,
          prefix: env.MEDIA_S3_PREFIX,
          region: env.MEDIA_S3_REGION,
          endpoint: env.MEDIA_S3_ENDPOINT,
          // S3-compatible servers are reached by path (http://host/bucket/key); AWS by host name.
          forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ?? Boolean(env.MEDIA_S3_ENDPOINT),
          credentials: env.MEDIA_S3_ACCESS_KEY_ID && env.MEDIA_S3_SECRET_ACCESS_KEY ? { accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID, secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY } : undefined,
        }
      : undefined,
    webDist: path.resolve(env.WEB_DIST),
    database: env.DATABASE_URL
      ? { dialect: 'postgres', url: env.DATABASE_URL, poolSize: env.DB_POOL_SIZE }
      : { dialect: 'sqlite', file: path.join(dataDir, 'app.db') },
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    logFormat: env.LOG_FORMAT ?? (env.NODE_ENV === 'development' ? 'pretty' : 'json'),
    jwtSecret: env.JWT_SECRET ?? localSecret(dataDir, 'jwtSecret'),
    jwtSecretGenerated: !env.JWT_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollMs: env.MAIL_POLL_MS,
    housekeepingMs: env.HOUSEKEEPING_MS,
    catalogCacheMs: env.CATALOG_CACHE_MS,
    sessionCheckCacheMs: env.SESSION_CHECK_CACHE_MS,
    seedDemo: env.SEED_DEMO,
    admin: env.ADMIN_EMAIL && env.ADMIN_PASSWORD ? { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD } : undefined,
    memberClasses: parseMemberClasses(env.MEMBER_CLASSES),
    rules: {
      premiumPerPar: env.PREMIUM_PER_PAR,
      premiumMinPoints: env.PREMIUM_MIN_POINTS,
      pointsPerParSpent: env.POINTS_PER_PAR_SPENT,
      nftFeeBps: toMinor(env.NFT_FEE_PERCENT),
      nftReservationMs: env.NFT_RESERVATION_MINUTES * 60_000,
      orderExpiryMs: env.ORDER_EXPIRY_MINUTES * 60_000,
      shippingFee: toMinor(env.SHIPPING_FEE),
      freeShippingFrom: toMinor(env.FREE_SHIPPING_FROM),
    },
    trustProxy: env.TRUST_PROXY,
    // Only a PostgreSQL deployment runs behind a load balancer with other instances; one
    // SQLite process has nobody to hand its requests to, so Ctrl-C stops it at once.
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.DATABASE_URL ? 5_000 : 0),
    requireAdminSecondFactor: env.REQUIRE_ADMIN_SECOND_FACTOR ?? env.NODE_ENV === 'production',
    publicCatalog: env.PUBLIC_CATALOG,
  };
}
