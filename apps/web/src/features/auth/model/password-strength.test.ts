import { PASSWORD_MIN } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe('passwordStrength', () => {
  it('counts toward the minimum and says when it is reached', () => {
    expect(passwordStrength('')).toMatchObject({ progress: 0, text: expect.stringContaining(`At least ${PASSWORD_MIN}`) });
    expect(passwordStrength('seven c')).toMatchObject({ length: 7, text: `7 of ${PASSWORD_MIN} characters` });
    expect(passwordStrength('correct horse battery')).toMatchObject({ progress: 1, text: '21 characters: long enough.' });
    expect(passwordStrength('x'.repeat(129)).text).toContain('at most 128');
  });

  it('warns about the user name, the email and its local part, as the server refuses them', () => {
    expect(passwordStrength('my name is Alice_99 ok', { userName: 'alice_99' }).warning).toContain('username');
    expect(passwordStrength('write to alice@example.com', { email: 'Alice@Example.com' }).warning).toContain('email');
    expect(passwordStrength('alicealicealice1', { email: 'alice@example.com' }).warning).toContain('email');
  });

  it('does not warn for short names or unrelated passwords', () => {
    expect(passwordStrength('about ten quiet meadows', { userName: 'ab', email: 'al@example.com' }).warning).toBeNull();
    expect(passwordStrength('correct horse battery', { userName: 'alice', email: 'alice@example.com' }).warning).toBeNull();
  });
});
