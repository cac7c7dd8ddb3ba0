import sharp from 'sharp';

/** The admin the server ensures at start-up when these are set (see the API's ADMIN_EMAIL). */
export const ADMIN = { userName: 'admin', email: 'admin@example.test', password: 'a long admin password 123' } as const;
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

const CSRF = { 'x-requested-with': 'parmeta-web' };

/**
 * One API call as a client makes it: JSON body, CSRF header, optional bearer token.
 * Answers the envelope's data; a failure throws with the server's message.
 */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  { method, body, token, headers = {} }: { method?: 'GET' | 'POST'; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...CSRF,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { status: boolean; msg: string; data: T };
  if (!json.status) throw new Error(`${path} answered ${response.status}: ${json.msg}`);
  return json.data;
}

/** Signs in through the API and answers the access token (for calls a test makes behind the UI's back). */
export async function accessTokenFor(baseUrl: string, user: { userName: string; password: string }): Promise<string> {
  const data = await apiCall<{ accessToken: { token: string } }>(baseUrl, '/auth/local/signin', { body: { userName: user.userName, password: user.password } });
  return data.accessToken.token;
}

/** A small PNG drawn for the test: a coloured square with a lighter disc, so it is visibly a picture. */
export function pngImage(size = 240, rgb: [number, number, number] = [79, 70, 229]): Promise<Buffer> {
  const [r, g, b] = rgb;
  const disc = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="rgb(255,255,255)" fill-opacity="0.55"/></svg>`);
  return sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

/** The newest mail to an address in the local outbox (GET /api/dev/mail). */
export async function mailTo(baseUrl: string, email: string): Promise<{ subject: string; text: string }[]> {
  const data = await apiCall<{ items: { subject: string; text: string }[] }>(baseUrl, `/dev/mail?to=${encodeURIComponent(email)}`);
  return data.items;
}

/** A card token from the sandbox gateway's test card that pays. */
export async function testCardToken(baseUrl: string): Promise<string> {
  const data = await apiCall<{ token: string }>(baseUrl, '/gateway/tokenize', {
    body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'X' },
  });
  return data.token;
}
