import { erc721Metadata } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';

describeEachDb(
  'ERC-721 metadata',
  (ctx) => {
    it('answers bare ERC-721 JSON at a stable public address, readable from any origin, with an image that loads without a session', async () => {
      const item = await ctx().db.kysely.selectFrom('nft_item').select(['id', 'name', 'attributes']).orderBy('id').executeTakeFirstOrThrow();
      const res = await ctx().app.inject({ method: 'GET', url: `/api/nft/${item.id}/metadata.json`, headers: { origin: 'https://wallet.example' } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const body = res.json() as Record<string, unknown>;
      expect(body.status).toBeUndefined();
      const metadata = erc721Metadata.parse(body);
      expect(metadata.name).toBe(item.name);
      expect(metadata.external_url).toBe(`http://localhost:3000/nft/${item.id}`);
      expect(metadata.attributes).toEqual(JSON.parse(item.attributes));
      expect(metadata.attributes[0]).toHaveProperty('trait_type');
      const image = new URL(metadata.image);
      expect(image.origin).toBe('http://localhost:3000');
      const picture = await ctx().app.inject({ method: 'GET', url: image.pathname });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toMatch(/^image\//);
      // A wallet shows it from its own origin.
      expect(picture.headers['cross-origin-resource-policy']).toBe('cross-origin');
    });

    it('answers 404 for an unknown NFT and 400 naming the parameter for a bad one', async () => {
      const missing = await ctx().app.inject({ method: 'GET', url: '/api/nft/999999/metadata.json' });
      expect(missing.statusCode).toBe(404);
      const bad = await ctx().app.inject({ method: 'GET', url: '/api/nft/abc/metadata.json' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toHaveProperty('id');
    });
  },
  {},
  { seed: true },
);
