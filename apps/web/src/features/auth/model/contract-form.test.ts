import { signInBody, signUpBody } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { checkField, checkForm, splitFailure } from './contract-form';

const labels = { userName: 'Username', fullName: 'Full name', email: 'Email', password: 'Password' };

describe('checkField', () => {
  it('answers the contract message as a sentence about the field', () => {
    expect(checkField(signUpBody, labels, 'userName', 'ab')).toBe('Username must be at least 3 characters');
    expect(checkField(signUpBody, labels, 'email', 'not-an-email')).toBe('Email must be a valid email address');
    expect(checkField(signUpBody, labels, 'password', 'short')).toBe('Password must be at least 15 characters');
  });

  it('calls an empty field required', () => {
    expect(checkField(signUpBody, labels, 'userName', '  ')).toBe('Username is required');
  });

  it('answers undefined for a valid value', () => {
    expect(checkField(signUpBody, labels, 'userName', 'Alice_99')).toBeUndefined();
  });
});

describe('checkForm', () => {
  it('answers the parsed body, normalised as the server does', () => {
    const result = checkForm(signInBody, { userName: 'Username or email', password: 'Password' }, { userName: ' Alice@Example.com ', password: 'pw' });
    expect(result).toEqual({ ok: true, data: { userName: 'alice@example.com', password: 'pw' } });
  });

  it('answers one message per failing field', () => {
    const result = checkForm(signUpBody, labels, { userName: 'a b', fullName: '', email: 'x', password: 'short' });
    expect(result).toEqual({
      ok: false,
      errors: {
        userName: 'Username may contain only letters, digits, "_" and "."',
        fullName: 'Full name is required',
        email: 'Email must be a valid email address',
        password: 'Password must be at least 15 characters',
      },
    });
  });
});

describe('splitFailure', () => {
  it('puts field messages under the fields and says so in plain words', () => {
    const result = splitFailure({ status: false, msg: 'userName: is already taken', code: 'CONFLICT', fields: { userName: 'is already taken', email: 'already has an account' } }, labels);
    expect(result).toEqual({ alert: 'Please correct the fields marked below.', fields: { userName: 'Username is already taken', email: 'Email already has an account' } });
  });

  it('keeps the server message when no field can carry it', () => {
    expect(splitFailure({ status: false, msg: 'Wrong user name, email or password.', code: 'UNAUTHORIZED' }, labels)).toEqual({ alert: 'Wrong user name, email or password.', fields: {} });
    expect(splitFailure({ status: false, msg: 'token: is not a valid link', code: 'BAD_REQUEST', fields: { token: 'is not a valid link' } }, labels).alert).toBe('token: is not a valid link');
  });
});
