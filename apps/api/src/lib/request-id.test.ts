import { expect, it } from 'vitest';
import { requestIds } from './request-id.js';

it('request ids are distinct within a process and between processes', () => {
  const a = requestIds();
  const b = requestIds();
  const ids = new Set([a(), a(), a(), b(), b()]);
  expect(ids.size).toBe(5);
  expect(a()).toMatch(/^[A-Za-z0-9_-]{8}-[0-9a-z]+$/);
});
