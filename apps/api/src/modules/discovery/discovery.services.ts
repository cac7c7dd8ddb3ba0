import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { CatalogService } from '../shop/catalog.service.js';
import { RelatedService } from './related.service.js';
import { SuggestService } from './suggest.service.js';

/** Suggestions and related products: answers read from the catalog, dropped whenever the catalog's are. */
export function createDiscovery(config: Config, db: Db, catalog: CatalogService) {
  const suggest = new SuggestService(db, config.catalogCacheMs);
  const related = new RelatedService(db, config.catalogCacheMs);
  catalog.onChange(() => {
    suggest.forget();
    related.forget();
  });
  return { suggest, related };
}
