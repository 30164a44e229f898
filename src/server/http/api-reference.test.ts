/**
 * The API reference is complete and current: every API route documents what it does, its
 * permission and its success answer, and docs/api.md is what `npm run docs:api` renders now.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { permissionSentence } from './api-docs';
import { API_REFERENCE_FILE, renderApiReference } from './api-reference';

interface Operation {
  summary?: string;
  description?: string;
  'x-permission'?: unknown;
  responses?: Record<string, unknown>;
}

let ctx: TestContext;
let paths: Record<string, Record<string, Operation>>;

/** The OpenAPI path of a fastify route: `/api/users/:id` → `/api/users/{id}`, `/api/auth/*` → `/api/auth/{*}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}');

// The routes' documentation, whatever the engine: once per run, in the PGlite project.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('the API reference', () => {
  beforeAll(async () => {
    ctx = await createTestContext();
    paths = (ctx.app.swagger() as { paths: typeof paths }).paths;
  });
  afterAll(() => ctx.close());

  it('documents every API route: summary, description, permission and success answer', () => {
    const missing: string[] = [];
    for (const { method, url, permission } of ctx.app.routeTable) {
      const route = `${method} ${url}`;
      const operation = paths[openApiPath(url)]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${route}: not in the OpenAPI document`);
        continue;
      }
      expect(operation['x-permission'], route).toEqual(permission);
      const sentence = permissionSentence(permission);
      expect(operation.description?.endsWith(sentence), `${route} names its permission`).toBe(true);
      const own = operation.description?.slice(0, -sentence.length).trim() ?? '';
      const success = Object.keys(operation.responses ?? {}).some((status) => status.startsWith('2'));
      if (!operation.summary?.trim()) missing.push(`${route}: no summary`);
      if (own === '') missing.push(`${route}: no description`);
      if (!success) missing.push(`${route}: no success answer (schema.response, or config.success)`);
    }
    expect(missing).toEqual([]);
  });

  it('is current in docs/api.md', async () => {
    const rendered = await renderApiReference(ctx.app.swagger());
    const committed = await readFile(API_REFERENCE_FILE, 'utf8').catch(() => '');
    if (rendered !== committed) expect.fail('docs/api.md is out of date: run npm run docs:api');
  });
});
