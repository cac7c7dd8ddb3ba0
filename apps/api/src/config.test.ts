import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'parmeta-config-'));

describe('config', () => {
  it('runs on embedded defaults: SQLite in the data dir and a generated secret kept there', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dir, 'app.db') });
    expect(config.port).toBe(3000);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    const stored = JSON.parse(readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
    expect(stored.jwtSecret).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('names each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadConfig({ LOG_LEVEL: 'loud', SMTP_URL: 'http://x' })).toThrow(/LOG_LEVEL[\s\S]*SMTP_URL|SMTP_URL[\s\S]*LOG_LEVEL/);
  });

  it('says what each bad value must be, and reads whole numbers, flags and lists as what they mean', () => {
    const dir = dataDir();
    const message = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: dir, ...env });
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('loaded');
    };
    expect(message({ PORT: '70000' })).toContain('PORT: must be a whole number from 0 to 65535 (got "70000")');
    expect(message({ DB_POOL_SIZE: '2.5' })).toContain('DB_POOL_SIZE: must be a whole number from 1 to 200');
    expect(message({ TRUST_PROXY: 'yes' })).toContain('TRUST_PROXY: must be true, false, 1 or 0');
    expect(message({ PUBLIC_URL: 'shop' })).toContain('PUBLIC_URL: must be a URL');
    expect(message({ ADMIN_EMAIL: 'admin', ADMIN_PASSWORD: 'x'.repeat(20) })).toContain('ADMIN_EMAIL: must be an email address');
    expect(message({ LOG_FORMAT: 'xml' })).toContain('LOG_FORMAT: must be one of json, pretty');
    expect(message({ JWT_SECRET: 'short', NFT_FEE_PERCENT: '2.555' }).split('\n')).toHaveLength(3);
    // Secrets, and URLs that may hold a password, are never written into the error (a log).
    const secrets = message({ JWT_SECRET: 'tooShortSecret', ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'hunter2', DATABASE_URL: 'mysql://root:pw@db/shop' });
    expect(secrets).toContain('JWT_SECRET: must be at least 32 characters (got 14 characters, not shown)');
    expect(secrets).toContain('ADMIN_PASSWORD: must be at least 15 characters (got 7 characters, not shown)');
    expect(secrets).toContain('DATABASE_URL: must be a postgres:// or postgresql:// URL (got 23 characters, not shown)');
    for (const value of ['tooShortSecret', 'hunter2', 'root:pw']) expect(secrets).not.toContain(value);
    const config = loadConfig({ DATA_DIR: dir, PORT: '8080', TRUST_PROXY: '1', LOG_REQUESTS: 'false', CATALOG_CACHE_MS: '0', PUBLIC_URL: 'https://shop.example.com/', HOST: '' });
    expect(config).toMatchObject({ port: 8080, trustProxy: true, logRequests: false, catalogCacheMs: 0, publicUrl: 'https://shop.example.com', host: '0.0.0.0' });
  });

  it('refuses to start in production without secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://127.0.0.1/test', DB_POOL_SIZE: '4' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://127.0.0.1/test', poolSize: 4 });
  });

  it('keeps media in the data directory unless an S3 bucket is set', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).mediaS3).toBeUndefined();
    const aws = loadConfig({ DATA_DIR: dir, MEDIA_S3_BUCKET: 'shop-media' }).mediaS3;
    expect(aws).toEqual({ bucket: 'shop-media', prefix: '', region: 'us-east-1', endpoint: undefined, forcePathStyle: false, credentials: undefined });
    const compatible = loadConfig({ DATA_DIR: dir, MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000', MEDIA_S3_PREFIX: 'media/', MEDIA_S3_ACCESS_KEY_ID: 'id', MEDIA_S3_SECRET_ACCESS_KEY: 'secret' }).mediaS3;
    expect(compatible).toMatchObject({ endpoint: 'http://127.0.0.1:9000', prefix: 'media/', forcePathStyle: true, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } });
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_PREFIX: '/media' })).toThrow(/MEDIA_S3_PREFIX/);
    expect(() => loadConfig({ DATA_DIR: dir, MEDIA_S3_BUCKET: 'shop-media', MEDIA_S3_ACCESS_KEY_ID: 'id' })).toThrow(/MEDIA_S3_ACCESS_KEY_ID \/ MEDIA_S3_SECRET_ACCESS_KEY: set both or neither/);
  });

  it('drains for 5 s after SIGTERM on PostgreSQL (behind a load balancer), not at all on SQLite, unless told', () => {
    const dir = dataDir();
    expect(loadConfig({ DATA_DIR: dir }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://127.0.0.1/test' }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://127.0.0.1/test', SHUTDOWN_DRAIN_MS: '12000' }).shutdownDrainMs).toBe(12_000);
  });
});
