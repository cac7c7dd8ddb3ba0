import { addressRoutes } from './account/address.schemas.js';
import { profileRoutes } from './account/profile.schemas.js';
import { authRoutes } from './auth/auth.contract.js';
import { healthRoutes } from './health/health.contract.js';
import { mailRoutes } from './mail/mail.contract.js';
import { paymentRoutes } from './payments/payments.schemas.js';
import { walletRoutes } from './wallet/wallet.contract.js';
import { fiatRoutes, marketRoutes } from './market/market.contract.js';
import { shopRoutes } from './shop/shop.contract.js';
import { cartRoutes } from './shop/cart.contract.js';
import { discoveryRoutes } from './shop/discovery.contract.js';
import { variantRoutes } from './shop/variants.contract.js';
import { promoRoutes } from './shop/promo.contract.js';
import { adminRoutes } from './admin/admin.contract.js';
import { financeRoutes } from './admin/finance.contract.js';
import { userRoutes } from './users/users.contract.js';
import { securityRoutes } from './security/security.contract.js';
import { memberRoutes } from './member/member.contract.js';
import { reviewRoutes } from './reviews/reviews.contract.js';
import { wishlistRoutes } from './wishlist/wishlist.contract.js';

/** Every API call, by name. Features add their route groups here. */
export const apiRoutes = {
  ...healthRoutes,
  ...authRoutes,
  ...userRoutes,
  ...mailRoutes,
  ...profileRoutes,
  ...addressRoutes,
  ...paymentRoutes,
  ...walletRoutes,
  ...marketRoutes,
  ...fiatRoutes,
  ...shopRoutes,
  ...cartRoutes,
  ...discoveryRoutes,
  ...variantRoutes,
  ...promoRoutes,
  ...adminRoutes,
  ...financeRoutes,
  ...securityRoutes,
  ...memberRoutes,
  ...reviewRoutes,
  ...wishlistRoutes,
};

export type ApiRoutes = typeof apiRoutes;
