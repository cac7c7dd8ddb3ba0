import type { Migration } from 'kysely/migration';
import type { DialectName } from '../connection.js';
import { m0001Seed } from './0001_seed.js';
import { m0002Accounts } from './0002_accounts.js';
import { m0003AccountArea } from './0003_account_area.js';
import { m0004Ledger } from './0004_ledger.js';
import { m0005Market } from './0005_market.js';
import { m0006Shop } from './0006_shop.js';
import { m0007Admin } from './0007_admin.js';
import { m0008CatalogSearch } from './0008_catalog_search.js';
import { m0009CardRefunds } from './0009_card_refunds.js';
import { m0010SearchFacets } from './0010_search_facets.js';
import { m0011FiatRefunds } from './0011_fiat_refunds.js';
import { m0025OrderCancelReason } from './0025_order_cancel_reason.js';
import { m0030SignInSecurity } from './0030_sign_in_security.js';
import { m0040FinanceReports } from './0040_finance_reports.js';
import { m0020MemberAccount } from './0020_member_account.js';
import { m0021AddressLabels } from './0021_address_labels.js';
import { m0022ServerCart } from './0022_server_cart.js';
import { m0055Reviews } from './0055_reviews.js';
import { m0056Wishlist } from './0056_wishlist.js';
import { m0060Discovery } from './0060_discovery.js';
import { m0050ProductVariants } from './0050_product_variants.js';
import { m0051PromoCodes } from './0051_promo_codes.js';
import { m0067CategoryCounts } from './0067_category_counts.js';
import { m0068CategoryNewest } from './0068_category_newest.js';
import { m0069SearchChanges } from './0069_search_changes.js';
import { m0070ShownChanges } from './0070_shown_changes.js';

/**
 * Every migration, in order. Names sort lexically, so keep the numeric prefix.
 * A migration is a function of the dialect because a few column types differ.
 */
export function migrations(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_seed': m0001Seed(dialect),
    '0002_accounts': m0002Accounts(dialect),
    '0003_account_area': m0003AccountArea(dialect),
    '0004_ledger': m0004Ledger(dialect),
    '0005_market': m0005Market(dialect),
    '0006_shop': m0006Shop(dialect),
    '0007_admin': m0007Admin(dialect),
    '0008_catalog_search': m0008CatalogSearch(dialect),
    '0009_card_refunds': m0009CardRefunds(dialect),
    '0010_search_facets': m0010SearchFacets(dialect),
    '0011_fiat_refunds': m0011FiatRefunds(dialect),
    '0025_order_cancel_reason': m0025OrderCancelReason(dialect),
    '0030_sign_in_security': m0030SignInSecurity(dialect),
    '0040_finance_reports': m0040FinanceReports(dialect),
    '0020_member_account': m0020MemberAccount(dialect),
    '0021_address_labels': m0021AddressLabels(dialect),
    '0022_server_cart': m0022ServerCart(dialect),
    '0055_reviews': m0055Reviews(dialect),
    '0056_wishlist': m0056Wishlist(dialect),
    '0060_discovery': m0060Discovery(dialect),
    '0050_product_variants': m0050ProductVariants(dialect),
    '0051_promo_codes': m0051PromoCodes(dialect),
    '0067_category_counts': m0067CategoryCounts(dialect),
    '0068_category_newest': m0068CategoryNewest,
    '0069_search_changes': m0069SearchChanges(dialect),
    '0070_shown_changes': m0070ShownChanges(dialect),
  };
}
