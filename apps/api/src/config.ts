import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { toMinor } from '@parmeta/contracts/common/money';
import type { S3Settings } from './modules/media/media-store.js';
import type { MemberClassRule } from './modules/users/member-class.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** apps/api, whether running from src (tests) or dist (production build). */
export const API_ROOT = path.resolve(here, '..');
const REPO_ROOT = path.resolve(API_ROOT, '../..');

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: port.default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default(path.join(REPO_ROOT, 'data')),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_REQUESTS: bool.default(true),
  LOG_FORMAT: z.enum(['json', 'pretty']).optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('ParMeta Market <no-reply@parmeta.local>'),
  MAIL_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2_000),
  HOUSEKEEPING_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  CATALOG_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  SESSION_CHECK_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  MEDIA_DIR: z.string().min(1).optional(),
  MEDIA_S3_BUCKET: z.string().min(3).max(63).optional(),
  MEDIA_S3_PREFIX: z.string().max(200).regex(/^([^/].*\/)?$/, 'must be empty or end with / (and not start with one)').default(''),
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  MEDIA_S3_ENDPOINT: z.url().optional(),
  MEDIA_S3_FORCE_PATH_STYLE: bool.optional(),
  MEDIA_S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  MEDIA_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  WEB_DIST: z.string().min(1).default(path.join(REPO_ROOT, 'apps/web/dist')),
  SEED_DEMO: bool.default(true),
  ADMIN_EMAIL: z.email({ error: 'must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(15, 'must be at least 15 characters').max(128).optional(),
  PREMIUM_PER_PAR: z.coerce.number().int().min(1).max(1_000_000).default(100),
  PREMIUM_MIN_POINTS: z.coerce.number().int().min(1).default(500),
  POINTS_PER_PAR_SPENT: z.coerce.number().int().min(0).max(1000).default(1),
  NFT_FEE_PERCENT: z.string().regex(/^\d{1,2}(\.\d{1,2})?$/, 'must be a percentage like 2.5').default('2.5'),
  NFT_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  ORDER_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(10_080).default(30),
  SHIPPING_FEE: z.string().regex(/^\d{1,6}(\.\d{1,2})?$/, 'must be an amount like 5.00').default('5.00'),
  FREE_SHIPPING_FROM: z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, 'must be an amount like 50.00').default('50.00'),
  MEMBER_CLASSES: z
    .string()
    .regex(/^(silver|gold|platinum):\d+(\.\d{1,2})?:\d+(\.\d{1,2})?:\d+(,(silver|gold|platinum):\d+(\.\d{1,2})?:\d+(\.\d{1,2})?:\d+)*$/, 'must look like silver:500:2:125,gold:2000:5:150,platinum:10000:8:200 (class:min spend:discount %:points %)')
    .default('silver:500:2:125,gold:2000:5:150,platinum:10000:8:200'),
  TRUST_PROXY: bool.default(false),
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).optional(),
  REQUIRE_ADMIN_SECOND_FACTOR: bool.optional(),
  PUBLIC_CATALOG: bool.default(false),
});

export type Env = z.input<typeof envSchema>;

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
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message} (got ${JSON.stringify(cleaned[String(i.path[0])])})`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
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
