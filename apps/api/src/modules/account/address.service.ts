import type { Address, addressFields } from '@parmeta/contracts';
import { MAX_ADDRESSES } from '@parmeta/contracts/account/address-limits';
import { countryLabel } from '@parmeta/contracts/common/country-list';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { lockUser } from '../../db/locks.js';
import { ensureFlag, moveFlag } from '../../db/single-flag.js';
import { businessRule, notFound } from '../../http/errors.js';
import type { AddressRow } from './account.table.js';
import * as repo from './address.repository.js';

type Fields = z.output<typeof addressFields>;

const NOT_FOUND = 'That address was not found in your address book.';

export function toAddress(row: AddressRow, userName: string): Address {
  return {
    address_id: row.id,
    label: row.label,
    user_id: userName,
    recipientName: row.recipient_name,
    contactPhone: row.contact_phone,
    address1: row.address1,
    address2: row.address2,
    district: row.district,
    subDistrict: row.sub_district,
    state: row.state,
    zip: row.zip,
    country: { value: row.country_code, label: countryLabel(row.country_code) ?? row.country_code },
    isMain: row.is_main === 1,
  };
}

const toValues = (f: Fields): repo.AddressValues => ({
  label: f.label,
  recipient_name: f.recipientName,
  contact_phone: f.contactPhone,
  address1: f.address1,
  address2: f.address2,
  district: f.district,
  sub_district: f.subDistrict,
  state: f.state,
  zip: f.zip,
  country_code: f.country.value,
});

/**
 * The address book. Exactly one main address whenever the user has any: the first one
 * added is main, choosing another moves the flag, deleting the main promotes the oldest
 * remaining one. Every change runs in a transaction holding the user's lock.
 */
export class AddressService {
  constructor(private readonly db: Db) {}

  async list(userId: number, userName: string): Promise<Address[]> {
    return (await repo.listAddressRows(this.db.kysely, userId)).map((r) => toAddress(r, userName));
  }

  async get(userId: number, userName: string, id: number): Promise<Address> {
    const row = await repo.findAddressRow(this.db.kysely, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toAddress(row, userName);
  }

  async main(userId: number, userName: string): Promise<Address | null> {
    const row = await repo.findMainAddressRow(this.db.kysely, userId);
    return row ? toAddress(row, userName) : null;
  }

  async add(userId: number, userName: string, fields: Fields, makeMain: boolean): Promise<Address> {
    const id = await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if ((await repo.countAddresses(trx, userId)) >= MAX_ADDRESSES) {
        throw businessRule(`You can keep at most ${MAX_ADDRESSES} addresses. Delete one you no longer use first.`);
      }
      const newId = await repo.insertAddress(trx, userId, toValues(fields), Date.now());
      if (makeMain) await moveFlag(trx, 'user_address', 'is_main', userId, newId);
      else await ensureFlag(trx, 'user_address', 'is_main', userId);
      return newId;
    });
    return this.get(userId, userName, id);
  }

  async edit(userId: number, userName: string, id: number, fields: Fields): Promise<Address> {
    if (!(await repo.updateAddress(this.db.kysely, userId, id, toValues(fields), Date.now()))) throw notFound(NOT_FOUND);
    return this.get(userId, userName, id);
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if (!(await repo.deleteAddress(trx, userId, id))) throw notFound(NOT_FOUND);
      await ensureFlag(trx, 'user_address', 'is_main', userId);
    });
  }

  async makeMain(userId: number, userName: string, id: number): Promise<Address> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if (!(await repo.findAddressRow(trx, userId, id))) throw notFound(NOT_FOUND);
      await moveFlag(trx, 'user_address', 'is_main', userId, id);
    });
    return this.get(userId, userName, id);
  }
}
