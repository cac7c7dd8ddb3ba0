import type { z } from './zod.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call: method, path below `/api`, and the schemas of its parts.
 * The server registers handlers from these; the client builds typed calls from them;
 * the OpenAPI document is generated from them. Nothing about a call is written twice.
 */
export interface RouteDef<
  Body extends z.ZodType | undefined = z.ZodType | undefined,
  Query extends z.ZodType | undefined = z.ZodType | undefined,
  Params extends z.ZodType | undefined = z.ZodType | undefined,
  Data extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  path: string;
  summary: string;
  tag: string;
  /**
   * true when the call needs the bearer access token. 'catalog': a read of the shop window
   * (shop, product, market, NFT) that needs it unless the server's catalog is open to visitors
   * (PUBLIC_CATALOG); a token sent anyway is checked, and the answer is then the member's.
   */
  auth: boolean | 'catalog';
  body?: Body;
  query?: Query;
  params?: Params;
  data: Data;
}

export const defineRoute = <
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
  Params extends z.ZodType | undefined = undefined,
  Data extends z.ZodType = z.ZodType,
>(
  def: RouteDef<Body, Query, Params, Data>,
) => def;

/** The schema a route declares for a part, or never when it declares none. */
type Part<S> = Exclude<S, undefined>;
type Has<S> = [Part<S>] extends [never] ? false : true;
type In<S> = Has<S> extends true ? z.input<Part<S> & z.ZodType> : undefined;
type Out<S> = Has<S> extends true ? z.output<Part<S> & z.ZodType> : undefined;

/** What a caller passes: only the parts the route declares. */
export type RouteInput<R extends RouteDef> = (Has<R['body']> extends true ? { body: In<R['body']> } : { body?: undefined }) &
  (Has<R['query']> extends true ? { query: In<R['query']> } : { query?: undefined }) &
  (Has<R['params']> extends true ? { params: In<R['params']> } : { params?: undefined });

/** What a handler receives after validation. */
export type RouteParsed<R extends RouteDef> = { body: Out<R['body']>; query: Out<R['query']>; params: Out<R['params']> };

export type RouteData<R extends RouteDef> = z.output<R['data']>;
