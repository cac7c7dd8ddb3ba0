import type { Envelope, Fail } from '../common/envelope.js';
import type { RouteData, RouteDef, RouteInput } from '../routes.js';

export interface ClientOptions {
  /** Origin plus the API prefix, e.g. "/api" in the browser or "http://localhost:3000/api". */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Read at every call, so a refreshed token is picked up without rebuilding the client. */
  getAccessToken?: () => string | null | undefined;
  /** Headers added to every call (e.g. the CSRF header of the web app). */
  headers?: Record<string, string>;
  credentials?: RequestInit['credentials'];
}

export interface CallOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Overrides the access token for this call (e.g. sending a refresh token as bearer). */
  token?: string | null;
  /** A form body (multipart or urlencoded) sent instead of JSON. */
  form?: FormData | URLSearchParams;
}

export type ApiClient = ReturnType<typeof createClient>;

const networkFail = (msg: string): Fail => ({ status: false, msg, code: 'NETWORK' });

export function buildPath(route: RouteDef, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  let path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params?.[name] ?? '')));
  if (query) {
    const qs = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined && value !== null && value !== '') qs.set(key, String(value));
    }
    const text = qs.toString();
    if (text) path += `?${text}`;
  }
  return path;
}

/**
 * A typed fetch client built from the route table. It never throws for an API or network
 * failure: it answers the failure envelope, as the original's calls answer {msg, status}.
 * An aborted call does throw (AbortError), so a cancelled request is not mistaken for a failure.
 */
export function createClient(options: ClientOptions) {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);

  async function call<R extends RouteDef>(route: R, input: RouteInput<R>, callOptions: CallOptions = {}): Promise<Envelope<RouteData<R>>> {
    const { body, query, params } = input as { body?: unknown; query?: Record<string, unknown>; params?: Record<string, unknown> };
    const headers: Record<string, string> = { ...options.headers, ...callOptions.headers };
    const token = callOptions.token !== undefined ? callOptions.token : options.getAccessToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    let payload: RequestInit['body'];
    if (callOptions.form) {
      payload = callOptions.form;
    } else if (route.method !== 'GET') {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body ?? {});
    }
    let response: Response;
    try {
      response = await doFetch(options.baseUrl + buildPath(route, params, query), {
        method: route.method,
        headers,
        body: payload,
        signal: callOptions.signal,
        credentials: options.credentials,
      });
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') throw error;
      return networkFail('The server could not be reached. Check your connection and try again.');
    }
    try {
      const json = (await response.json()) as Envelope<RouteData<R>>;
      if (json && typeof json === 'object' && typeof json.status === 'boolean') return json;
    } catch {
      // fall through: a non-JSON answer (proxy error page, empty body)
    }
    return { status: false, msg: `Unexpected answer from the server (HTTP ${response.status}).`, code: response.status >= 500 ? 'INTERNAL' : 'BAD_REQUEST' };
  }

  return { call };
}
