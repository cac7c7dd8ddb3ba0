import { describe, expect, it } from 'vitest';
import { otherSchemaVanished } from './migrate.js';

/** What PostgreSQL answers when a schema it listed is dropped by another client while Kysely reads it. */
const failure = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('migrations beside other schemas (PostgreSQL)', () => {
  const ours = 't_0123456789ab';

  it("runs again when another client's schema vanished while Kysely listed the tables", () => {
    expect(otherSchemaVanished(failure('3F000', 'schema "t_c8d0598d171e" does not exist'), ours)).toBe(true);
    expect(otherSchemaVanished(failure('42P01', 'relation "t_c8d0598d171e.shop_order" does not exist'), ours)).toBe(true);
  });

  it('fails when the schema or table that vanished is ours, or for any other error', () => {
    expect(otherSchemaVanished(failure('3F000', `schema "${ours}" does not exist`), ours)).toBe(false);
    expect(otherSchemaVanished(failure('42P01', `relation "${ours}.shop_order" does not exist`), ours)).toBe(false);
    expect(otherSchemaVanished(failure('42P07', 'relation "t_c8d0598d171e.shop_order" already exists'), ours)).toBe(false);
    expect(otherSchemaVanished(failure('42P01', 'relation "t_c8d0598d171e.shop_order" does not exist'), undefined)).toBe(false);
  });
});
