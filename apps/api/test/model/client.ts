import type { FastifyInstance } from 'fastify';

/** One call to the API, as the model's operations make it. */
export interface Call {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: unknown;
}

export interface Answer {
  status: number;
  /** The parsed envelope; null when the body was not JSON (itself a failure the run reports). */
  body: { status: boolean; msg: string; code?: string; data?: unknown } | null;
}

/** An API instance: an app in this process (inject), or a server process reached over HTTP. */
export type Instance = (call: Call) => Promise<Answer>;

function parse(text: string): Answer['body'] {
  try {
    return JSON.parse(text) as Answer['body'];
  } catch {
    return null;
  }
}

export const injected =
  (app: FastifyInstance): Instance =>
  async ({ method, url, headers, body }) => {
    const response = await app.inject({ method, url, headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers }, ...(body === undefined ? {} : { payload: JSON.stringify(body) }) });
    return { status: response.statusCode, body: parse(response.body) };
  };

export const overHttp =
  (baseUrl: string): Instance =>
  async ({ method, url, headers, body }) => {
    const response = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: parse(await response.text()) };
  };
