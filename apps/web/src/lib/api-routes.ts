/**
 * The route table on its own: it brings every contract schema and zod with it (~30 kB
 * gzip), so code in the entry chunk reaches it through `callRoute`, which loads it on
 * first use. Pages (lazy chunks) import `apiRoutes` from '@parmeta/contracts' directly.
 */
export { apiRoutes } from '@parmeta/contracts';
