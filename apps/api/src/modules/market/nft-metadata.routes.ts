import type { FastifyInstance } from 'fastify';
import type { Erc721Metadata } from '@parmeta/contracts';
import { nftMetadataPath } from '@parmeta/contracts/constants';
import type { Config } from '../../config.js';
import { checksParts } from '../../http/route.js';
import type { MarketService } from './market.service.js';

/**
 * GET /api/nft/:id/metadata.json: an NFT's ERC-721 metadata (its tokenURI document), bare JSON
 * rather than the API envelope, because wallets and marketplaces read `name`, `image`, ... at the
 * top level. Public and readable from any origin (CORS *, cross-origin resource policy), cached
 * briefly. Its parameter is still checked by the contract schema (docs/decisions/0033).
 */
export async function nftMetadataRoutes(app: FastifyInstance, { config, market }: { config: Config; market: MarketService }) {
  app.get<{ Params: { id: number } }>(nftMetadataPath(':id').replace(/^\/api/, ''), {
    schema: { summary: "An NFT's ERC-721 metadata JSON (bare, not enveloped)", tags: ['market'] },
    config: { documented: 'nftMetadata' },
    // The parameter's schema (zod) is loaded with the first request, as the contract routes' are
    // (docs/decisions/0087, 0088); the OpenAPI document shows it by this route's `documented` name.
    preValidation: checksParts(['params'], async () => ({ params: (await import('@parmeta/contracts/market/nft-metadata')).nftMetadataParams })),
    handler: async (req, reply): Promise<Erc721Metadata> => {
      const metadata = await market.metadata(req.params.id, config.publicUrl);
      void reply.headers({ 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin', 'cache-control': 'public, max-age=300' });
      return metadata;
    },
  });
}
