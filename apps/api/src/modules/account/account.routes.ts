import type { FastifyInstance } from 'fastify';
import { AVATAR_MAX_BYTES } from '@parmeta/contracts/account/profile-limits';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import { caller } from '../../plugins/auth.js';
import { assertSelf } from '../users/users.service.js';
import type { AddressService } from './address.service.js';
import type { CardService } from './card.service.js';
import { acceptMultipart, readForm } from './multipart-form.js';
import type { ProfileService } from './profile.service.js';

export interface AccountRouteDeps {
  profiles: ProfileService;
  addresses: AddressService;
  cards: CardService;
}

/** Profile, address book and saved cards. Every call acts on the token's user only. */
export async function accountRoutes(app: FastifyInstance, { profiles, addresses, cards }: AccountRouteDeps) {
  await acceptMultipart(app);
  /** The caller, after checking that a user_id in the body (when given) is theirs. */
  const me = (req: Parameters<typeof caller>[0], userId?: string) => {
    const user = caller(req);
    if (userId !== undefined) assertSelf(userId, user.userName);
    return user;
  };

  registerRoute(app, routes.editProfile, async ({ req }) => {
    const user = me(req);
    const form = await readForm(req, 'img', AVATAR_MAX_BYTES);
    const { user_id: userId, ...fields } = form.fields;
    if (userId !== undefined) assertSelf(String(userId).toLowerCase(), user.userName);
    return { data: await profiles.edit(user.userId, fields, form.file), msg: 'Your profile is saved.' };
  });
  registerRoute(app, routes.callProfile, async ({ body, req }) => ({ data: await profiles.get(me(req, body.user_id).userId) }));

  registerRoute(app, routes.addAddress, async ({ body, req }) => {
    const user = me(req, body.user_id);
    const { user_id: _u, isMain, ...fields } = body;
    return { data: await addresses.add(user.userId, user.userName, fields, isMain === true), msg: 'Address added.', statusCode: 201 };
  });
  registerRoute(app, routes.editAddress, async ({ body, req }) => {
    const user = me(req, body.user_id);
    const { user_id: _u, address_id: id, ...fields } = body;
    return { data: await addresses.edit(user.userId, user.userName, id, fields), msg: 'Address saved.' };
  });
  registerRoute(app, routes.listAddresses, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return { data: await addresses.list(user.userId, user.userName) };
  });
  registerRoute(app, routes.getAddress, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return { data: await addresses.get(user.userId, user.userName, body.address_id) };
  });
  registerRoute(app, routes.deleteAddress, async ({ body, req }) => {
    await addresses.remove(me(req, body.user_id).userId, body.address_id);
    return { data: { address_id: body.address_id }, msg: 'Address deleted.' };
  });
  registerRoute(app, routes.changeMainAddress, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return { data: await addresses.makeMain(user.userId, user.userName, body.address_id), msg: 'Main address changed.' };
  });
  registerRoute(app, routes.selectMainAddress, async ({ body, req }) => {
    const user = me(req, body.user_id);
    return { data: await addresses.main(user.userId, user.userName) };
  });

  registerRoute(app, routes.addCard, async ({ body, req }) => ({
    data: await cards.add(me(req, body.user_id).userId, body.token, body.makeDefault === true),
    msg: 'Card saved.',
    statusCode: 201,
  }));
  registerRoute(app, routes.listCards, async ({ body, req }) => ({ data: await cards.list(me(req, body.user_id).userId) }));
  registerRoute(app, routes.deleteCard, async ({ body, req }) => {
    await cards.remove(me(req, body.user_id).userId, body.card_id);
    return { data: { card_id: body.card_id }, msg: 'Card deleted.' };
  });
  registerRoute(app, routes.changeDefaultCard, async ({ body, req }) => ({
    data: await cards.makeDefault(me(req, body.user_id).userId, body.card_id),
    msg: 'Default card changed.',
  }));
}
