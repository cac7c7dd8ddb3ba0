import { describe, expect, it } from 'vitest';
import { withTimeouts } from './mail.worker.js';

describe('SMTP timeouts', () => {
  it('adds the worker’s timeouts to an SMTP URL, keeping its credentials and options', () => {
    const url = new URL(withTimeouts('smtp://user:p%40ss@mail.example.com:2525/?secure=false'));
    expect([url.username, url.password, url.host]).toEqual(['user', 'p%40ss', 'mail.example.com:2525']);
    expect(Object.fromEntries(url.searchParams)).toEqual({ secure: 'false', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000' });
  });

  it('leaves a timeout the URL sets', () => {
    expect(new URL(withTimeouts('smtp://127.0.0.1:25?socketTimeout=60000')).searchParams.get('socketTimeout')).toBe('60000');
  });
});
