import { describe, expect, it } from 'vitest';
import { smtpTransportUrl } from './mail.worker.js';

describe('SMTP timeouts and pool', () => {
  it('adds the worker’s timeouts and pool to an SMTP URL, keeping its credentials and options', () => {
    const url = new URL(smtpTransportUrl('smtp://user:p%40ss@mail.example.com:2525/?secure=false'));
    expect([url.username, url.password, url.host]).toEqual(['user', 'p%40ss', 'mail.example.com:2525']);
    expect(Object.fromEntries(url.searchParams)).toEqual({ secure: 'false', connectionTimeout: '10000', greetingTimeout: '10000', socketTimeout: '20000', pool: 'true', maxConnections: '3', maxMessages: '100' });
  });

  it('leaves a timeout or pool setting the URL sets', () => {
    expect(new URL(smtpTransportUrl('smtp://127.0.0.1:25?socketTimeout=60000')).searchParams.get('socketTimeout')).toBe('60000');
    expect(new URL(smtpTransportUrl('smtp://127.0.0.1:25?pool=false')).searchParams.get('pool')).toBe('false');
  });
});
