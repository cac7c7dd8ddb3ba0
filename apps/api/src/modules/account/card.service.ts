import type { SavedCard } from '@parmeta/contracts';
import { MAX_CARDS } from '@parmeta/contracts/payments/card-limits';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockUser } from '../../db/locks.js';
import { ensureFlag, moveFlag } from '../../db/single-flag.js';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import type { PaymentGateway } from '../payments/gateway.js';
import type { CardRow } from './account.table.js';
import * as repo from './card.repository.js';

const NOT_FOUND = 'That card was not found among your saved cards.';

export const toSavedCard = (row: CardRow): SavedCard => ({
  card_id: row.id,
  brand: row.brand as SavedCard['brand'],
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  holderName: row.holder_name,
  isDefault: row.is_default === 1,
});

/**
 * Saved cards. The shop keeps the gateway's token and the card's public facts (brand,
 * last 4, expiry, holder) as the gateway reports them; the number and CVC never reach it.
 */
export class CardService {
  constructor(
    private readonly db: Db,
    private readonly gateway: PaymentGateway,
  ) {}

  async list(userId: number): Promise<SavedCard[]> {
    return (await repo.listCardRows(this.db.kysely, userId)).map(toSavedCard);
  }

  async add(userId: number, token: string, makeDefault: boolean): Promise<SavedCard> {
    const info = await this.gateway.cardInfo(token);
    if (!info) throw badRequest('token: the payment gateway does not know this card; enter it again', { token: 'is not a known card token' });
    let id: number;
    try {
      id = await this.db.kysely.transaction().execute(async (trx) => {
        await lockUser(trx, this.db.dialect, userId);
        if ((await repo.countCards(trx, userId)) >= MAX_CARDS) throw businessRule(`You can keep at most ${MAX_CARDS} cards. Delete one first.`);
        const newId = await repo.insertCard(
          trx,
          { user_id: userId, gateway_token: info.token, brand: info.brand, last4: info.last4, exp_month: info.expMonth, exp_year: info.expYear, holder_name: info.holderName },
          Date.now(),
        );
        if (makeDefault) await moveFlag(trx, 'user_card', 'is_default', userId, newId);
        else await ensureFlag(trx, 'user_card', 'is_default', userId);
        return newId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('This card is already saved.');
      throw error;
    }
    return this.get(userId, id);
  }

  async get(userId: number, id: number): Promise<SavedCard> {
    const row = await repo.findCardRow(this.db.kysely, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    return toSavedCard(row);
  }

  /** The gateway token of one of the caller's cards, for charging it. */
  async tokenOf(userId: number, id: number): Promise<string> {
    const row = await repo.findCardRow(this.db.kysely, userId, id);
    if (!row) throw notFound(NOT_FOUND);
    return row.gateway_token;
  }

  async remove(userId: number, id: number): Promise<void> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if (!(await repo.deleteCard(trx, userId, id))) throw notFound(NOT_FOUND);
      await ensureFlag(trx, 'user_card', 'is_default', userId);
    });
  }

  async makeDefault(userId: number, id: number): Promise<SavedCard> {
    await this.db.kysely.transaction().execute(async (trx) => {
      await lockUser(trx, this.db.dialect, userId);
      if (!(await repo.findCardRow(trx, userId, id))) throw notFound(NOT_FOUND);
      await moveFlag(trx, 'user_card', 'is_default', userId, id);
    });
    return this.get(userId, id);
  }
}
