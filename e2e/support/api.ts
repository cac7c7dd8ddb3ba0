/** API calls a test makes behind the UI's back: set-up, tokens, the local outbox. */

const CSRF = { 'x-requested-with': 'parmeta-web' };

/**
 * One API call as a client makes it: JSON body, CSRF header, optional bearer token.
 * Answers the envelope's data; a failure throws with the server's message.
 */
export async function apiCall<T>(
  baseUrl: string,
  path: string,
  { method, body, token, headers = {} }: { method?: 'GET' | 'POST'; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...CSRF,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { status: boolean; msg: string; data: T };
  if (!json.status) throw new Error(`${path} answered ${response.status}: ${json.msg}`);
  return json.data;
}

/** Signs in through the API and answers the access token (for calls a test makes behind the UI's back). */
export async function accessTokenFor(baseUrl: string, user: { userName: string; password: string }): Promise<string> {
  const data = await apiCall<{ accessToken: { token: string } }>(baseUrl, '/auth/local/signin', { body: { userName: user.userName, password: user.password } });
  return data.accessToken.token;
}

/** The newest mail to an address in the local outbox (GET /api/dev/mail). */
export async function mailTo(baseUrl: string, email: string): Promise<{ subject: string; text: string }[]> {
  const data = await apiCall<{ items: { subject: string; text: string }[] }>(baseUrl, `/dev/mail?to=${encodeURIComponent(email)}`);
  return data.items;
}
