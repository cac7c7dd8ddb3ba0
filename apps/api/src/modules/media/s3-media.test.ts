import type { FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Db } from '../../db/connection.js';
import { signedInUser } from '../../../test/auth-helpers.js';
import { DIALECTS, freshDb, testConfig, type TestDb } from '../../../test/helpers.js';
import { multipart } from '../../../test/multipart.js';
import { quickAdmin } from '../../../test/quick-users.js';
import { startS3Server } from '../../../test/s3-server.js';

const FIELDS = { firstName: 'Ada', lastName: 'Lovelace', phone: '+447700900123', birthday: '1990-12-10' };

async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
}

/** Every file under a folder (an instance's own media folder must stay empty with S3). */
const filesIn = (dir: string): string[] => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);

/**
 * Uploaded images in S3-compatible object storage (a real s3rver): uploaded through one
 * instance, served by another that has its own data directory, with the same re-encoding,
 * sizes, cache headers and deletion as the local folder (docs/decisions/0048).
 */
for (const dialect of DIALECTS) {
  describe(`media in object storage, two instances [${dialect}]`, () => {
    let s3: Awaited<ReturnType<typeof startS3Server>>;
    let handle: TestDb & { dataDir: string };
    let otherDir: string;
    let otherDb: Db;
    let a: FastifyInstance;
    let b: FastifyInstance;

    beforeAll(async () => {
      s3 = await startS3Server();
      handle = await freshDb(dialect);
      otherDir = mkdtempSync(path.join(tmpdir(), 'parmeta-media-b-'));
      // SQLite is one process: the second app shares its connection. PostgreSQL: a pool of its own.
      otherDb = dialect === 'postgres' ? handle.reopen(() => undefined) : handle.db;
      a = await buildApp({ config: testConfig(handle.dataDir, s3.env), db: handle.db, logger: false });
      b = await buildApp({ config: testConfig(otherDir, s3.env), db: otherDb, logger: false });
      await Promise.all([a.ready(), b.ready()]);
    });
    afterAll(async () => {
      await a.close();
      await b.close();
      if (otherDb !== handle.db) await otherDb.close();
      await handle.dispose();
      await s3.dispose();
      rmSync(otherDir, { recursive: true, force: true });
    });

    const editProfile = (app: FastifyInstance, auth: Record<string, string>, file?: Parameters<typeof multipart>[1]) => {
      const body = multipart(FIELDS, file);
      return app.inject({ method: 'POST', url: '/api/user/edit_profile', headers: { ...auth, ...body.headers }, payload: body.payload });
    };

    it('an avatar uploaded through one instance is served by the other: re-encoded, both sizes, cached for good, 304 when unchanged', async () => {
      const user = await signedInUser(a, handle.db);
      const res = await editProfile(a, user.auth, { field: 'img', filename: 'me.jpg', type: 'image/jpeg', bytes: await jpegWithGps() });
      expect(res.statusCode, res.body).toBe(200);
      const { img, img64 } = res.json().data as { img: string; img64: string };
      expect(img).toMatch(/^\/media\/avatars\/[0-9a-f]{24}-256\.webp$/);
      expect(await s3.keys()).toEqual(expect.arrayContaining([`media${img.slice('/media'.length)}`, `media${img64.slice('/media'.length)}`]));
      // Nothing on either instance's own disk.
      expect(filesIn(handle.dataDir)).not.toContainEqual(expect.stringMatching(/\.webp$/));
      expect(filesIn(otherDir)).not.toContainEqual(expect.stringMatching(/\.webp$/));

      for (const [url, side] of [
        [img, 256],
        [img64, 64],
      ] as const) {
        const served = await b.inject({ method: 'GET', url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe('image/webp');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(served.rawPayload).metadata();
        expect(meta).toMatchObject({ format: 'webp', width: side, height: side });
        expect(meta.exif).toBeUndefined();
        expect(served.rawPayload.includes(Buffer.from('secret-owner'))).toBe(false);
        const etag = served.headers.etag as string;
        expect(etag).toBeTruthy();
        const again = await a.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
        expect(again.statusCode).toBe(304);
        expect(again.rawPayload.length).toBe(0);
      }
      const head = await b.inject({ method: 'HEAD', url: img });
      expect(head.statusCode).toBe(200);
      expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    });

    it('a replaced avatar is deleted from the store and gone on every instance', async () => {
      const user = await signedInUser(a, handle.db);
      const first = (await editProfile(a, user.auth, { field: 'img', filename: 'one.jpg', type: 'image/jpeg', bytes: await jpegWithGps() })).json().data as { img: string; img64: string };
      const png = await sharp(await jpegWithGps()).png().toBuffer();
      const second = await editProfile(b, user.auth, { field: 'img', filename: 'two.png', type: 'image/png', bytes: png });
      expect(second.statusCode, second.body).toBe(200);
      expect(second.json().data.img).not.toBe(first.img);
      const keys = await s3.keys();
      expect(keys).not.toContain(`media${first.img.slice('/media'.length)}`);
      expect(keys).not.toContain(`media${first.img64.slice('/media'.length)}`);
      for (const app of [a, b]) {
        const gone = await app.inject({ method: 'GET', url: first.img });
        expect(gone.statusCode).toBe(404);
        expect(gone.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
        expect((await app.inject({ method: 'GET', url: second.json().data.img })).statusCode).toBe(200);
      }
    });

    it('a product image uploaded by an admin on one instance shows on the other, and on an NFT minted with it', async () => {
      const admin = await quickAdmin(handle.db, testConfig(handle.dataDir));
      const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 20, g: 120, b: 200 } } }).png().toBuffer();
      const body = multipart({}, { field: 'img', filename: 'p.png', type: 'image/png', bytes: png });
      const uploaded = await a.inject({ method: 'POST', url: '/api/admin/images', headers: { ...admin.auth, ...body.headers }, payload: body.payload });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const { url, thumbnail } = uploaded.json().data as { url: string; thumbnail: string };
      expect((await sharp((await b.inject({ method: 'GET', url })).rawPayload).metadata()).width).toBe(800);
      expect((await sharp((await b.inject({ method: 'GET', url: thumbnail })).rawPayload).metadata()).width).toBe(320);

      const post = (app: FastifyInstance, route: string, payload: object) => app.inject({ method: 'POST', url: `/api${route}`, headers: admin.auth, payload });
      await post(a, '/admin/collections/save', { slug: 'stored-drops', name: 'Stored Drops', description: 'x' });
      const minted = await post(a, '/admin/nfts/create', { name: 'Stored #1', slug: 'stored-1', description: 'Kept in object storage', collection: 'stored-drops', image: url, price: 3, attributes: [], listed: true });
      expect(minted.statusCode, minted.body).toBe(201);
      const nft = await b.inject({ method: 'GET', url: `/api/gx/nft/${minted.json().data.id}`, headers: admin.auth });
      expect(nft.json().data.image).toBe(url);
      expect((await b.inject({ method: 'GET', url: nft.json().data.image })).statusCode).toBe(200);
    });

    it('a refused upload stores nothing; a name the pipeline never makes is not looked up', async () => {
      const user = await signedInUser(a, handle.db);
      const before = await s3.keys();
      const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from('<html><script>alert(1)</script></html>')]);
      const refused = await editProfile(a, user.auth, { field: 'img', filename: 'x.gif', type: 'image/gif', bytes: polyglot });
      expect(refused.statusCode).toBe(400);
      expect(await s3.keys()).toEqual(before);
      for (const url of ['/media/avatars/nothere.webp', '/media/avatars/..%2F..%2Fsecrets.json', '/media/avatars/000000000000000000000000-256.webp']) {
        expect((await b.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    });

    it('while the store cannot be reached: an upload is refused as unavailable (not as a bad image) and changes nothing', async () => {
      const user = await signedInUser(a, handle.db);
      const profileOf = async () => (await a.inject({ method: 'POST', url: '/api/user/call_profile', headers: user.auth, payload: { user_id: user.userName } })).json().data;
      const before = await profileOf();
      await s3.stop();
      try {
        const res = await editProfile(a, user.auth, { field: 'img', filename: 'me.jpg', type: 'image/jpeg', bytes: await jpegWithGps() });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ status: false, code: 'UNAVAILABLE', msg: 'Images cannot be stored right now. Please try again in a moment.' });
        expect(await profileOf()).toEqual({ ...before, img: null });
        expect(before.img).toBeNull();
        expect((await b.inject({ method: 'GET', url: '/media/avatars/0123456789abcdef01234567-256.webp' })).statusCode).toBe(503);
      } finally {
        await s3.start();
      }
    });
  });
}
