export * from './common/errors.js';
export * from './common/envelope.js';
export * from './common/money.js';
export * from './common/pagination.js';
export * from './constants.js';
export * from './routes.js';
export * from './client/client.js';
export * from './health/health.contract.js';
export { apiRoutes } from './route-table.js';
