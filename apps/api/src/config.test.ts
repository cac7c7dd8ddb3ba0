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

  it('refuses to start in production without secrets', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir() })).toThrow(/JWT_SECRET: must be set in production/);
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://127.0.0.1/test', DB_POOL_SIZE: '4' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://127.0.0.1/test', poolSize: 4 });
  });
});
