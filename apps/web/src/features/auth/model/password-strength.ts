import { PASSWORD_MAX, PASSWORD_MIN } from '@parmeta/contracts';

export interface PasswordStrength {
  length: number;
  /** How far toward PASSWORD_MIN, 0 to 1. */
  progress: number;
  text: string;
  /** Set when the password contains the user's own name or email, which the server refuses. */
  warning: string | null;
}

/**
 * The hint under a new password: length toward the NIST minimum, and a warning for the one
 * rule a user can check while typing (the server also refuses common passwords). Mirrors
 * the server's "contains the user name or email" rule: names of 3+ characters, the whole
 * email or its local part.
 */
export function passwordStrength(password: string, identity: { userName?: string; email?: string } = {}): PasswordStrength {
  // UTF-16 units, as the contract's min/max count them.
  const length = password.length;
  const lower = password.toLowerCase();
  const userName = identity.userName?.trim().toLowerCase() ?? '';
  const email = identity.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  let warning: string | null = null;
  if (userName.length >= 3 && lower.includes(userName)) warning = 'Do not use your username in the password.';
  else if ((email.includes('@') && lower.includes(email)) || (local.length >= 3 && lower.includes(local))) warning = 'Do not use your email address in the password.';
  let text: string;
  if (length === 0) text = `At least ${PASSWORD_MIN} characters. A few unrelated words work well.`;
  else if (length < PASSWORD_MIN) text = `${length} of ${PASSWORD_MIN} characters`;
  else if (length > PASSWORD_MAX) text = `${length} characters: at most ${PASSWORD_MAX}, please.`;
  else text = `${length} characters: long enough.`;
  return { length, progress: Math.min(length / PASSWORD_MIN, 1), text, warning };
}
