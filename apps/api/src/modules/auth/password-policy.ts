import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../../config.js';

let common: Set<string> | undefined;

/** The shipped list of ~49,000 most common passwords, loaded on first use. */
function commonPasswords(): Set<string> {
  common ??= new Set(
    readFileSync(path.join(API_ROOT, 'assets/common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line && !line.startsWith('#')),
  );
  return common;
}

/** "abcabcabcabcabc" or "aaaaaaaaaaaaaaa": one short unit repeated is as weak as the unit. */
function repeatedUnit(value: string): string | null {
  const m = /^(.{1,8}?)\1+$/s.exec(value);
  return m ? (m[1] ?? null) : null;
}

/**
 * NIST SP 800-63B-4 checks beyond length: refuse passwords that are commonly used or
 * that contain the account's own identifiers. Answers the message for the field, or null.
 */
export function passwordProblem(password: string, identity: { userName?: string; email?: string }): string | null {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  const unit = repeatedUnit(lower);
  if (list.has(lower) || (unit !== null && (unit.length < 4 || list.has(unit)))) {
    return 'is too common or too easy to guess: choose another one (a few unrelated words work well)';
  }
  if (identity.userName && identity.userName.length >= 3 && lower.includes(identity.userName.toLowerCase())) {
    return 'must not contain your user name';
  }
  const email = identity.email?.toLowerCase();
  const local = email?.split('@')[0];
  if (email && (lower.includes(email) || (local && local.length >= 3 && lower.includes(local)))) {
    return 'must not contain your email address';
  }
  return null;
}
