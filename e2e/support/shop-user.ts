/**
 * A shopper for browser journeys, set up through the API the way the product does it:
 * sign-up, the verification link from the local outbox, and a main address.
 */

export interface Shopper {
  userName: string;
  fullName: string;
  email: string;
  password: string;
}

export const MAIN_ADDRESS = {
  recipientName: 'Sam Shopper',
  contactPhone: '+66812345678',
  address1: '99 Sukhumvit Road',
  address2: 'Floor 12',
  district: 'Khlong Toei',
  subDistrict: 'Khlong Tan',
  state: 'Bangkok',
  zip: '10110',
  country: { value: 'TH' },
} as const;

interface Envelope<T> {
  status: boolean;
  msg: string;
  data: T;
}

async function call<T>(baseUrl: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.status) throw new Error(`${init.method ?? 'POST'} ${path}: HTTP ${response.status} ${envelope.msg}`);
  return envelope.data;
}

let serial = 0;

/** Signs up, verifies the email through the outbox link, and answers the credentials. */
export async function createVerifiedShopper(baseUrl: string): Promise<Shopper> {
  const userName = `shop_${Date.now().toString(36)}${serial++}`;
  const shopper = { userName, fullName: 'Sam Shopper', email: `${userName}@example.com`, password: 'seven blue kettles hum at noon' };
  await call(baseUrl, '/auth/local/signup', { body: shopper });
  const outbox = await call<{ items: { text: string }[] }>(baseUrl, `/dev/mail?to=${encodeURIComponent(shopper.email)}`);
  const signature = /\?signature=([A-Za-z0-9_%-]+)/.exec(outbox.items[0]?.text ?? '')?.[1];
  if (!signature) throw new Error(`no verification link in the mail to ${shopper.email}`);
  await call(baseUrl, '/sendgrid/verify', { body: { signature: decodeURIComponent(signature) } });
  return shopper;
}

/** An access token for API set-up calls (the browser signs in on its own). */
export async function apiToken(baseUrl: string, shopper: Shopper): Promise<string> {
  const session = await call<{ accessToken: { token: string } }>(baseUrl, '/auth/local/signin', { body: { userName: shopper.userName, password: shopper.password } });
  return session.accessToken.token;
}

/** Saves the shopper's first address, which becomes the main one. */
export async function addMainAddress(baseUrl: string, shopper: Shopper, token: string): Promise<void> {
  await call(baseUrl, '/user/add_user_address', { token, body: { ...MAIN_ADDRESS, user_id: shopper.userName } });
}

/** Places an order through the API, as another shopper would in another browser. */
export async function placeOrder(baseUrl: string, shopper: Shopper, token: string, list: { id: number; qty: number }[]): Promise<{ orderNo: string }> {
  const shipping = {
    shipping_name: shopper.fullName,
    shipping_email: shopper.email,
    shipping_contact: MAIN_ADDRESS.contactPhone,
    shipping_address1: MAIN_ADDRESS.address1,
    shipping_address2: '',
    shipping_district: MAIN_ADDRESS.district,
    shipping_subDistrict: '',
    shipping_state: MAIN_ADDRESS.state,
    shipping_zip: MAIN_ADDRESS.zip,
    shipping_country: { value: 'TH', label: 'Thailand' },
  };
  return call(baseUrl, '/ecommerce/CreateEcomOrder', { token, body: { list, shipping, note: '' } });
}
