/** POST /api/factories: only factory-management may create factories; codes are unique and upper-case. */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUPS, type Group } from '../../../common/permissions';
import { factories } from '../../db/schema/core';
import { auditRows, countRows } from '../../test/db-assert';
import { createTestContext, type TestContext } from '../../test/test-app';

let ctx: TestContext;
let adminCookie: string;
beforeAll(async () => {
  ctx = await createTestContext();
  adminCookie = (await ctx.signedInAs(['Admin'])).cookie;
});
afterAll(async () => {
  await ctx.close();
});

/** A fresh, valid code: 'T' and 7 hex digits, upper-cased. */
const uniqueCode = () => `T${randomBytes(4).toString('hex').slice(0, 7)}`.toUpperCase();
const postFactory = (payload: Record<string, unknown>, cookie: string | null = adminCookie) =>
  ctx.request({
    method: 'POST',
    url: '/api/factories',
    payload,
    ...(cookie ? { cookie } : {}),
  });
const countCode = (code: string) => countRows(ctx.handle.db, factories, eq(factories.code, code));

interface ErrorBody {
  error: {
    code: string;
    message: string;
    details?: { fieldErrors?: Record<string, string[]> };
  };
}

const FACTORY_MANAGERS: Group[] = ['Admin', 'Senior Production Manager'];

describe('POST /api/factories', () => {
  it.each(FACTORY_MANAGERS.map((g) => [g]))(
    '%s (factory-management) creates a factory: 201 and an audit row',
    async (group) => {
      const { cookie, id } = await ctx.signedInAs([group]);
      const code = uniqueCode();
      const res = await postFactory(
        {
          name: ' Nairobi Assembly ',
          code,
          kind: 'assembly',
          location: 'Nairobi',
        },
        cookie,
      );
      expect(res.statusCode).toBe(201);
      const factory = res.json<{ id: string }>();
      expect(factory).toEqual({
        id: expect.any(String) as string,
        name: 'Nairobi Assembly',
        code,
        kind: 'assembly',
        location: 'Nairobi',
        active: true,
      });

      const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.id, factory.id));
      expect(row).toMatchObject({
        code,
        createdBy: id,
        updatedBy: id,
        active: true,
      });

      const audit = await auditRows(ctx.handle.db, 'create', factory.id);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        actorId: id,
        recordType: 'factory',
        after: factory,
      });
    },
  );

  it('stores a lower-case code upper-cased, and an empty location as null', async () => {
    const code = uniqueCode();
    const res = await postFactory({
      name: 'Plant',
      code: `  ${code.toLowerCase()} `,
      kind: 'plant',
      location: '',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code, kind: 'plant', location: null });
    expect(await countCode(code)).toBe(1);
  });

  it.each(GROUPS.filter((g) => !FACTORY_MANAGERS.includes(g)).map((g) => [g]))(
    '%s (no factory-management) gets 403 FORBIDDEN and nothing is created',
    async (group: Group) => {
      const { cookie } = await ctx.signedInAs([group]);
      const code = uniqueCode();
      const res = await postFactory({ name: 'Nope', code, kind: 'assembly' }, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      expect(await countCode(code)).toBe(0);
    },
  );

  it('401 when signed out, and nothing is created', async () => {
    const code = uniqueCode();
    const res = await postFactory({ name: 'Nope', code, kind: 'assembly' }, null);
    expect(res.statusCode).toBe(401);
    expect(await countCode(code)).toBe(0);
  });

  it.each([
    ['a code with a symbol', { code: 'AB-1' }, 'code'],
    ['a one-letter code', { code: 'A' }, 'code'],
    ['an 11-character code', { code: 'ABCDEFGHIJK' }, 'code'],
    ['an unknown kind', { kind: 'warehouse' }, 'kind'],
    ['an empty name', { name: '  ' }, 'name'],
    ['no name', { name: undefined }, 'name'],
  ] as [string, Record<string, unknown>, string][])(
    '400 for %s with fieldErrors.%s, and nothing is created',
    async (_label, overrides, field) => {
      const before = await countRows(ctx.handle.db, factories);
      const res = await postFactory({
        name: 'Factory',
        code: uniqueCode(),
        kind: 'both',
        ...overrides,
      });
      expect(res.statusCode).toBe(400);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.details?.fieldErrors?.[field]?.[0]).toMatch(/\S/);
      expect(await countRows(ctx.handle.db, factories)).toBe(before);
    },
  );

  it('409 for a code already in use, also when sent in lower case', async () => {
    const code = uniqueCode();
    expect((await postFactory({ name: 'First', code, kind: 'plant' })).statusCode).toBe(201);

    for (const again of [code, code.toLowerCase()]) {
      const res = await postFactory({
        name: 'Second',
        code: again,
        kind: 'assembly',
      });
      expect(res.statusCode).toBe(409);
      const error = res.json<ErrorBody>().error;
      expect(error.code).toBe('CONFLICT');
      expect(error.details?.fieldErrors?.code?.[0]).toContain(code);
    }
    expect(await countCode(code)).toBe(1);
    const [row] = await ctx.handle.db.select().from(factories).where(eq(factories.code, code));
    expect(row?.name).toBe('First');
  });
});
