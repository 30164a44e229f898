/**
 * Bad input gets a 4xx, never a 5xx, on every endpoint (issue 21): the route table's OpenAPI
 * document gives each write endpoint's body and each list's filters, and this sends them text with
 * a NUL character or a lone surrogate, days that do not exist or PostgreSQL cannot hold, numbers
 * too small or too large to record, as an Admin (every permission). Every array a request takes
 * has a cap, so a huge one is refused before it costs the server anything.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

type Json = Record<string, unknown>;
interface Operation {
  parameters?: { in: string; name: string; schema?: Json }[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
}

const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a sample's leaves are spoiled. */
type Poison = 'nul' | 'surrogate' | 'impossible-day' | 'year-zero' | 'tiny-number' | 'huge-number';
const POISONS: Poison[] = ['nul', 'surrogate', 'impossible-day', 'year-zero', 'tiny-number', 'huge-number'];

const DATE_NAME = /(^|[a-z])(day|date|from|to|At|month)$/i;

function badText(poison: Poison, name: string, schema: Json): string | null {
  if (poison === 'nul') return 'a\u0000b';
  if (poison === 'surrogate') return 'a\ud800b';
  const dateLike = schema.format === 'date' || schema.format === 'date-time' || DATE_NAME.test(name);
  if (!dateLike) return null;
  if (poison === 'impossible-day') return schema.format === 'date-time' ? '2026-02-30T09:00:00Z' : '2026-02-30';
  if (poison === 'year-zero') return schema.format === 'date-time' ? '0000-01-01T09:00:00Z' : '0000-01-01';
  return null;
}

/** A value of `schema`'s shape, spoiled by `poison` where it applies. */
function sample(schema: Json, poison: Poison, name: string): unknown {
  const variants = [schema.anyOf, schema.oneOf, schema.allOf].find(Array.isArray) as Json[] | undefined;
  if (variants) {
    const first = variants.find((v) => v.type !== 'null') ?? variants[0] ?? {};
    return sample(first, poison, name);
  }
  if (Array.isArray(schema.enum) && poison !== 'nul' && poison !== 'surrogate') return schema.enum[0];
  if ('const' in schema) return schema.const;
  const types: unknown[] = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null');
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(isJson(schema.properties) ? schema.properties : {}).map(([key, property]) => [
          key,
          sample(isJson(property) ? property : {}, poison, key),
        ]),
      );
    case 'array':
      return [sample(isJson(schema.items) ? schema.items : {}, poison, name)];
    case 'number':
    case 'integer':
      if (poison === 'tiny-number') return 5e-324;
      if (poison === 'huge-number') return 1e308;
      return 1;
    case 'boolean':
      return true;
    case 'string':
    default: {
      const bad = badText(poison, name, schema);
      if (bad !== null) return bad;
      if (schema.format === 'uuid') return randomUUID();
      if (schema.format === 'date') return '2026-01-31';
      if (schema.format === 'date-time') return '2026-01-31T09:00:00Z';
      return 'Fuzz';
    }
  }
}

/** Arrays in `schema` (a body or a parameter) without a maximum, by their path. */
function uncappedArrays(schema: Json, path: string, found: string[] = []): string[] {
  if (schema.type === 'array' && typeof schema.maxItems !== 'number') found.push(path);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const variants = schema[key];
    if (Array.isArray(variants)) for (const v of variants) if (isJson(v)) uncappedArrays(v, path, found);
  }
  if (isJson(schema.items)) uncappedArrays(schema.items, `${path}[]`, found);
  if (isJson(schema.properties)) {
    for (const [key, property] of Object.entries(schema.properties)) {
      if (isJson(property)) uncappedArrays(property, path ? `${path}.${key}` : key, found);
    }
  }
  return found;
}

const concretePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'code' ? 'STV000001' : randomUUID()));

describe('bad input on every endpoint', () => {
  let ctx: TestContext;
  let cookie: string;
  let paths: Record<string, Record<string, Operation>>;
  beforeAll(async () => {
    ctx = await createTestContext();
    const factory = await ctx.makeFactory();
    cookie = (await ctx.signedInAs(['Admin'], { factoryId: factory.id })).cookie;
    paths = (ctx.app.swagger() as { paths: typeof paths }).paths;
  });
  afterAll(() => ctx.close());

  /** Every operation of the API but better-auth's and the docs'. */
  const operations = () =>
    Object.entries(paths)
      .filter(([path]) => path.startsWith('/api/') && !path.startsWith('/api/auth/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      );

  it('caps every array a request takes', () => {
    const uncapped: string[] = [];
    for (const { path, method, operation } of operations()) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (isJson(body)) uncapped.push(...uncappedArrays(body, '').map((p) => `${method} ${path} body ${p}`));
      for (const parameter of operation.parameters ?? []) {
        if (isJson(parameter.schema)) {
          uncapped.push(...uncappedArrays(parameter.schema, parameter.name).map((p) => `${method} ${path} ${p}`));
        }
      }
    }
    expect(uncapped).toEqual([]);
  });

  it('answers spoiled bodies of every write endpoint with a 4xx', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (method === 'GET' || !isJson(body)) continue;
      for (const poison of POISONS) {
        const payload = sample(body, poison, '');
        const res = await ctx.request({
          method,
          url: concretePath(path),
          cookie,
          payload: payload as Json,
        });
        if (res.statusCode >= 500)
          failures.push(`${method} ${path} (${poison}): ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers spoiled filters and path parameters of every endpoint with a 4xx', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations()) {
      if (method !== 'GET') continue;
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const spoiled: [string, string][] = [
        ...query.flatMap((p) => [
          [p.name, '\u0000'] as [string, string],
          [p.name, 'a\u0000'] as [string, string],
          ...(DATE_NAME.test(p.name) || p.schema?.format === 'date'
            ? ([
                [p.name, '2026-02-30'],
                [p.name, '0000-01-01'],
                [p.name, '99999-01-01'],
              ] as [string, string][])
            : []),
        ]),
      ];
      const urls = spoiled.map(
        ([name, value]) => `${concretePath(path)}?${new URLSearchParams({ [name]: value }).toString()}`,
      );
      if (path.includes('{')) urls.push(path.replace(/\{(\w+)\}/g, '%00'));
      for (const url of urls) {
        // An export that fails after sending its header cuts the connection: inject then throws.
        const res = await ctx.request({ method: 'GET', url, cookie }).catch((error: unknown) => error as Error);
        if (res instanceof Error) failures.push(`GET ${url}: ${res.message}`);
        else if (res.statusCode >= 500) failures.push(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
