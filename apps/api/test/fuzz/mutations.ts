/** Just enough of the OpenAPI document to walk it. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  minLength?: number;
  format?: string;
}

interface Operation {
  parameters?: { in: 'query' | 'path' | 'header'; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDoc {
  paths: Record<string, Record<string, Operation>>;
}

export interface FuzzRequest {
  method: string;
  url: string;
  /** Already serialised: the fuzzer sends bodies that are not JSON too. */
  payload?: string;
  contentType?: string;
  anonymous?: boolean;
  label: string;
  /** No valid request looks like this (a wrong type, a required field missing, ...): it must be refused. */
  wrong: boolean;
}

/** Values no field should take: each must be refused with a 4xx naming it, never stored or a 500. */
const BAD_VALUES: [string, unknown][] = [
  ['NUL', '\u0000\u0001'],
  ['NUL inside', 'ab\u0000cd'],
  ['huge string', 'a'.repeat(100_000)],
  // 2^53 + 1 as a client would write it; JSON.parse cannot hold it exactly either.
  ['unsafe integer', 2 ** 53 + 2],
  ['huge number', 1e308],
  ['huge negative', -1e308],
  ['negative', -1],
  ['zero', 0],
  ['fraction', 1.5],
  ['true', true],
  ['array of number', [2]],
  ['object', {}],
  ['null', null],
  ['numeric overflow text', '1e309'],
  ['NaN text', 'NaN'],
  ['empty', ''],
  ['lone surrogate', '\ud800'],
];

/** Bad path and query texts, as they travel in a URL (some deliberately not valid encodings). */
const BAD_URL_VALUES: [string, string][] = [
  ['malformed encoding', '%ff'],
  ['truncated encoding', '%E0%A4%A'],
  ['NUL', '%00'],
  ['long', 'a'.repeat(3_000)],
  ['unsafe integer', '9007199254740993'],
  ['overflow', '1e309'],
  ['negative', '-1'],
  ['not a number', 'abc'],
  ['empty', ''],
];

const typeOf = (schema: JsonSchema | undefined): string | undefined => {
  const alternative = schema?.anyOf ?? schema?.oneOf;
  if (alternative) return typeOf(alternative.find((a) => a.type !== 'null'));
  return Array.isArray(schema?.type) ? schema.type.find((t) => t !== 'null') : schema?.type;
};

/** Whether no field of this schema could validly hold `value`. */
function wrongFor(schema: JsonSchema | undefined, value: unknown): boolean {
  const nullable = Array.isArray(schema?.type) ? schema.type.includes('null') : Boolean((schema?.anyOf ?? schema?.oneOf)?.some((a) => a.type === 'null'));
  if (value === null) return !nullable;
  switch (typeOf(schema)) {
    case 'integer':
    case 'number':
      return typeof value !== 'number' || !Number.isSafeInteger(Math.trunc(value)) || Math.abs(value) > 1e15;
    case 'string':
      return typeof value !== 'string' || value.includes('\u0000') || value.length > 10_000;
    case 'boolean':
      return typeof value !== 'boolean';
    case 'array':
      return !Array.isArray(value);
    case 'object':
      return typeof value !== 'object' || Array.isArray(value);
    default:
      return false;
  }
}

/** A value the schema would likely accept: the starting point that the mutations then break. */
export function sample(schema: JsonSchema | undefined, depth = 0, key = ''): unknown {
  if (!schema || depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alternative = schema.anyOf ?? schema.oneOf;
  if (alternative?.[0]) return sample(alternative[0], depth + 1, key);
  if (schema.allOf?.[0]) return sample(schema.allOf[0], depth + 1, key);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'email' ? 'fuzz@example.test' : 'x'.repeat(Math.max(schema.minLength ?? 1, 1));
    case 'integer':
    case 'number':
      // An id that names nothing: a request that stays valid after a mutation then changes nothing.
      return /^id$|Id$|_id$/.test(key) ? 2_000_000_000 : Math.max(schema.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object':
    default: {
      const out: Record<string, unknown> = {};
      for (const name of schema.required ?? []) out[name] = sample(schema.properties?.[name], depth + 1, name);
      return out;
    }
  }
}

const objectSchema = (schema: JsonSchema | undefined): JsonSchema | undefined => (schema?.properties ? schema : (schema?.anyOf ?? schema?.oneOf ?? schema?.allOf)?.find((s) => s.properties));

/** Every mutated request for one operation. */
export function requestsFor(path: string, method: string, op: Operation): FuzzRequest[] {
  const out: FuzzRequest[] = [];
  const M = method.toUpperCase();
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const pathWith = (values: Record<string, string>) => `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '1')}`;
  const query = (values: Record<string, string>) => {
    const parts = Object.entries(values).map(([k, v]) => `${k}=${v}`);
    return parts.length ? `?${parts.join('&')}` : '';
  };
  const baseQuery = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]));
  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const baseBody = jsonSchema ? sample(jsonSchema) : undefined;
  const url = (pathValues: Record<string, string> = {}, queryValues: Record<string, string> = baseQuery) => `${pathWith(pathValues)}${query(queryValues)}`;
  const json = (body: unknown, label: string, wrong: boolean): FuzzRequest => ({ method: M, url: url(), payload: JSON.stringify(body), contentType: 'application/json', label, wrong });

  // Path and query parameters, each broken in turn; required ones also left out.
  const withBase = baseBody === undefined ? {} : { payload: JSON.stringify(baseBody), contentType: 'application/json' };
  // A text that is never a valid URL part, or, for a number, never a valid number of ours.
  const wrongInUrl = (p: { schema?: JsonSchema }, label: string) => ['malformed encoding', 'truncated encoding', 'NUL', 'long'].includes(label) || (['integer', 'number'].includes(typeOf(p.schema) ?? '') && label !== 'negative');
  for (const p of pathParams) for (const [label, value] of BAD_URL_VALUES) out.push({ method: M, url: url({ [p.name]: value }), label: `path ${p.name}: ${label}`, wrong: wrongInUrl(p, label), ...withBase });
  for (const p of queryParams) {
    for (const [label, value] of BAD_URL_VALUES) out.push({ method: M, url: url({}, { ...baseQuery, [p.name]: value }), label: `query ${p.name}: ${label}`, wrong: wrongInUrl(p, label), ...withBase });
    if (p.required) {
      const { [p.name]: _gone, ...rest } = baseQuery;
      out.push({ method: M, url: url({}, rest), label: `query ${p.name}: missing`, wrong: true, ...withBase });
    }
  }
  if (M === 'GET') {
    out.push({ method: M, url: `${url()}${queryParams.length || Object.keys(baseQuery).length ? '&' : '?'}unexpected=1`, label: 'unknown query parameter', wrong: false });
    return out;
  }

  // Bodies that are not what the operation takes (wrong whenever it takes a body with required fields).
  const needsBody = Boolean(objectSchema(jsonSchema)?.required?.length);
  out.push({ method: M, url: url(), label: 'no body', wrong: needsBody });
  out.push({ method: M, url: url(), payload: 'not json', contentType: 'application/json', label: 'not JSON', wrong: true });
  out.push({ method: M, url: url(), payload: '{"a":', contentType: 'application/json', label: 'truncated JSON', wrong: true });
  // A route that takes no body ignores one (Fastify reads text/plain itself).
  out.push({ method: M, url: url(), payload: 'a=1', contentType: 'text/plain', label: 'text/plain', wrong: jsonSchema !== undefined });
  out.push({ method: M, url: url(), payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json', label: 'deep nesting', wrong: jsonSchema !== undefined });
  out.push({ method: M, url: url(), payload: JSON.stringify({ pad: 'x'.repeat(1_100_000) }), contentType: 'application/json', label: 'too large', wrong: true });
  for (const [label, body] of [
    ['JSON null', null],
    ['JSON array', []],
    ['JSON number', 7],
    ['JSON string', 'x'],
  ] as const)
    out.push(json(body, label, needsBody));

  const shape = objectSchema(jsonSchema);
  if (!shape?.properties || typeof baseBody !== 'object' || baseBody === null || Array.isArray(baseBody)) return out;
  const base = baseBody as Record<string, unknown>;
  out.push(json({ ...base, unexpected: 1 }, 'extra field', true));
  out.push(json({ ...base, constructor: { prototype: { admin: true } } }, 'prototype keys', true));
  for (const key of Object.keys(shape.properties)) {
    const { [key]: _gone, ...without } = base;
    out.push(json(without, `${key}: missing`, Boolean(shape.required?.includes(key))));
    for (const [label, value] of BAD_VALUES) out.push(json({ ...base, [key]: value }, `${key}: ${label}`, wrongFor(shape.properties[key], value)));
    // One level down: fields of an object field, and of an array field's items.
    const inner = shape.properties[key];
    const innerShape = objectSchema(inner?.items ?? inner);
    if (innerShape?.properties) {
      const innerBase = (sample(innerShape) ?? {}) as Record<string, unknown>;
      for (const innerKey of Object.keys(innerShape.properties)) {
        for (const [label, value] of BAD_VALUES) {
          const broken = { ...innerBase, [innerKey]: value };
          out.push(json({ ...base, [key]: inner?.items ? [broken] : broken }, `${key}.${innerKey}: ${label}`, wrongFor(innerShape.properties[innerKey], value)));
        }
      }
    }
  }
  return out;
}
