import { codeBody, passkeyNameSchema } from '@parmeta/contracts';

// The security page's checks, with the server's schemas so the member sees the same words either
// way: loaded as a form is first used (focus, pointer) or sent, not with the page (docs/decisions/0074).

/** An authenticator app's code. */
export function checkCode(value: string): { code: string } | { error: string } {
  const parsed = codeBody.safeParse({ code: value });
  return parsed.success ? parsed.data : { error: `Code ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
}

/** A new passkey's name. */
export function checkPasskeyName(value: string): { name: string } | { error: string } {
  const parsed = passkeyNameSchema.safeParse(value);
  return parsed.success ? { name: parsed.data } : { error: `Name ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
}
