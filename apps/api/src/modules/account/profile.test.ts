import { existsSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { signedInUser } from '../../../test/auth-helpers.js';
import { multipart } from '../../../test/multipart.js';

const FIELDS = { firstName: 'Ada', lastName: 'Lovelace', phone: '+447700900123', birthday: '1990-12-10' };

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner', Make: 'PhoneCo' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/** A PNG whose header claims 50,000 x 50,000 pixels: a decompression bomb's calling card. */
function pixelFloodPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(50_000, 0);
  ihdr.writeUInt32BE(50_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IEND', Buffer.alloc(0))]);
}

describeEachDb('profile and avatar', (ctx) => {
  const edit = (auth: Record<string, string>, fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return ctx().app.inject({ method: 'POST', url: '/api/user/edit_profile', headers: { ...auth, ...body.headers }, payload: body.payload });
  };
  const profileOf = async (user: { auth: Record<string, string>; userName: string }) =>
    (await ctx().app.inject({ method: 'POST', url: '/api/user/call_profile', headers: user.auth, payload: { user_id: user.userName } })).json().data;

  it('edits the profile from a form-urlencoded body, as the original sends it', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/edit_profile',
      headers: { ...user.auth, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...FIELDS, user_id: user.userName }).toString(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ userName: user.userName, ...FIELDS, img: null });
    expect(await profileOf(user)).toMatchObject(FIELDS);
  });

  it.each([
    [{ ...FIELDS, firstName: '' }, 'firstName'],
    [{ ...FIELDS, lastName: 'x'.repeat(65) }, 'lastName'],
    [{ ...FIELDS, phone: '0812345678' }, 'phone'],
    [{ ...FIELDS, birthday: '2001-02-30' }, 'birthday'],
    [{ ...FIELDS, birthday: new Date(Date.now() - 5 * 365 * 86400_000).toISOString().slice(0, 10) }, 'birthday'],
    [{ ...FIELDS, birthday: '2999-01-01' }, 'birthday'],
  ])('refuses bad fields with 400 naming the field and stores nothing: %j', async (fields, field) => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const res = await edit(user.auth, fields);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await profileOf(user)).toMatchObject({ firstName: 'Test', lastName: user.userName, phone: null });
  });

  it('re-encodes an avatar to WebP with no metadata left, serves it with a long cache, and removes the old one', async () => {
    const { app, db, config } = ctx();
    const user = await signedInUser(app, db);
    const jpeg = await jpegWithGps();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const first = await edit(user.auth, FIELDS, { field: 'img', filename: 'me.jpg', type: 'image/jpeg', bytes: jpeg });
    expect(first.statusCode, first.body).toBe(200);
    const { img, img64 } = first.json().data;
    expect(img).toMatch(/^\/media\/avatars\/[0-9a-f]{24}-256\.webp$/);
    expect(img64).toMatch(/-64\.webp$/);

    const served = await app.inject({ method: 'GET', url: img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toMatch(/max-age=31536000/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);

    const second = await edit(user.auth, FIELDS, { field: 'img', filename: 'new.png', type: 'image/png', bytes: await sharp(jpeg).png().toBuffer() });
    expect(second.statusCode).toBe(200);
    expect(second.json().data.img).not.toBe(img);
    expect(existsSync(path.join(config.mediaDir, img.replace('/media/', '')))).toBe(false);
    expect((await app.inject({ method: 'GET', url: img })).statusCode).toBe(404);
  });

  it.each([
    ['a mislabelled file (PNG sent as JPEG)', async () => ({ type: 'image/jpeg', bytes: await sharp(await jpegWithGps()).png().toBuffer() }), /claims to be image\/jpeg/],
    ['a GIF/HTML polyglot', async () => ({ type: 'image/gif', bytes: Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from('<html><script>alert(1)</script></html>')]) }), /hidden content/],
    ['a JPEG with a script appended', async () => ({ type: 'image/jpeg', bytes: Buffer.concat([await jpegWithGps(), Buffer.from('<script>alert(1)</script>')]) }), /hidden content/],
    ['a pixel flood', async () => ({ type: 'image/png', bytes: pixelFloodPng() }), /too large|could not be read/],
    ['a text file', async () => ({ type: 'image/png', bytes: Buffer.from('just some text that is not an image') }), /JPEG, PNG, WebP or GIF/],
    ['an SVG', async () => ({ type: 'image/svg+xml', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') }), /JPEG, PNG, WebP or GIF/],
    ['a file over 5 MB', async () => ({ type: 'image/jpeg', bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]) }), /5 MB/],
  ])('refuses %s and keeps the profile unchanged', async (_label, make, message) => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const file = await make();
    const res = await edit(user.auth, FIELDS, { field: 'img', filename: 'x', ...file });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.img).toMatch(message);
    expect(await profileOf(user)).toMatchObject({ firstName: 'Test', img: null });
  });

  it('starts from the sign-up name; phone and birthday are optional; a photo can be sent alone; the account name follows', async () => {
    const { app, db } = ctx();
    const user = await signedInUser(app, db);
    const detail = async () => (await app.inject({ method: 'POST', url: '/api/user/detail', headers: user.auth, payload: { user_id: user.userName } })).json().data;
    // Sign-up gave "Test <userName>": the last word is the last name.
    expect(await profileOf(user)).toMatchObject({ firstName: 'Test', lastName: user.userName, phone: null, birthday: null, img: null });

    const named = await edit(user.auth, { firstName: 'Grace', lastName: 'Hopper' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', phone: null, birthday: null });
    expect(await detail()).toMatchObject({ fullName: 'Grace Hopper', avatar: null });

    // A photo alone keeps every field; the header's thumbnail comes with the user detail.
    const photo = await edit(user.auth, {}, { field: 'img', filename: 'me.jpg', type: 'image/jpeg', bytes: await jpegWithGps() });
    expect(photo.statusCode, photo.body).toBe(200);
    expect(photo.json().data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await detail()).avatar).toBe(photo.json().data.img64);

    // Phone and birthday given, then cleared with empty values; a single name is a name.
    expect((await edit(user.auth, { firstName: 'Grace', lastName: 'Hopper', phone: '+447700900123', birthday: '1990-12-10' })).json().data).toMatchObject({ phone: '+447700900123', birthday: '1990-12-10' });
    const cleared = await edit(user.auth, { firstName: 'Grace', lastName: '', phone: '', birthday: '' });
    expect(cleared.json().data).toMatchObject({ firstName: 'Grace', lastName: '', phone: null, birthday: null });
    expect((await detail()).fullName).toBe('Grace');
  });

  it("never reads or writes another user's profile", async () => {
    const { app, db } = ctx();
    const alice = await signedInUser(app, db, 'alice');
    const bob = await signedInUser(app, db, 'bob');
    await edit(bob.auth, FIELDS);
    const read = await app.inject({ method: 'POST', url: '/api/user/call_profile', headers: alice.auth, payload: { user_id: bob.userName } });
    expect(read.statusCode).toBe(403);
    expect(read.body).not.toContain('Lovelace');
    const write = await edit(alice.auth, { ...FIELDS, firstName: 'Mallory', user_id: bob.userName });
    expect(write.statusCode).toBe(403);
    expect((await profileOf(bob)).firstName).toBe('Ada');
    expect((await app.inject({ method: 'POST', url: '/api/user/call_profile', payload: { user_id: bob.userName } })).statusCode).toBe(401);
  });
});
