import { toMinor } from '@parmeta/contracts/common/money';

interface ListFilter {
  priceFr?: number | undefined;
  priceTo?: number | undefined;
  page: number;
  pageSize: number;
}

/** A price filter's bounds in minor units (rounded to the cent) and the page as limit/offset. */
export function listBounds(f: ListFilter) {
  return {
    priceFrMinor: f.priceFr === undefined ? undefined : toMinor(f.priceFr.toFixed(2)),
    priceToMinor: f.priceTo === undefined ? undefined : toMinor(f.priceTo.toFixed(2)),
    limit: f.pageSize,
    offset: (f.page - 1) * f.pageSize,
  };
}
