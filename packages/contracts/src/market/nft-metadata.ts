import { z } from '../zod.js';

/** The NFT metadata address's one part (constants.ts's nftMetadataPath); apart from the market's schemas, which the server builds only when first needed (docs/decisions/0087). */
export const nftMetadataParams = z.strictObject({ id: z.coerce.number({ error: 'is required' }).int().positive('must be positive') });
