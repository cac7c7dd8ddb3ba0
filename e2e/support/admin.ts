import sharp from 'sharp';
import { apiCall } from './api.js';

/** The admin the server ensures at start-up when these are set (see the API's ADMIN_EMAIL). */
export const ADMIN = { userName: 'admin', email: 'admin@example.test', password: 'a long admin password 123' } as const;
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };

/** A small PNG drawn for the test: a coloured square with a lighter disc, so it is visibly a picture. */
export function pngImage(size = 240, rgb: [number, number, number] = [79, 70, 229]): Promise<Buffer> {
  const [r, g, b] = rgb;
  const disc = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="rgb(255,255,255)" fill-opacity="0.55"/></svg>`);
  return sharp({ create: { width: size, height: size, channels: 3, background: { r, g, b } } })
    .composite([{ input: disc }])
    .png()
    .toBuffer();
}

/** A card token from the sandbox gateway's test card that pays. */
export async function testCardToken(baseUrl: string): Promise<string> {
  const data = await apiCall<{ token: string }>(baseUrl, '/gateway/tokenize', {
    body: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'X' },
  });
  return data.token;
}
