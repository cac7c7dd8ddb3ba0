import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';

describeEachDb(
  'dev mail in production',
  (ctx) => {
    it('does not exist in production', async () => {
      const { app } = ctx();
      expect((await app.inject({ method: 'GET', url: '/api/dev/mail' })).statusCode).toBe(404);
      const page = await app.inject({ method: 'GET', url: '/dev/mail' });
      expect(page.body).not.toContain('Local mail outbox');
    });
  },
  { NODE_ENV: 'production' },
);
