/** The server half of the list convention: cursors, walking all pages, CSV fields and the CSV parser. */
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import {
  allPages,
  decodeCursor,
  encodeCursor,
  listResponseJson,
  sendCsv,
  sendJsonText,
  toPage,
  type Cursor,
} from './list';

const ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

describe('encodeCursor / decodeCursor', () => {
  it.each([['Nairobi'], [42], [true], [null], ['2026-01-02T03:04:05.678Z'], ['with "quotes", commas and ünïcödé']])(
    'round-trips the value %j',
    (v) => {
      const raw = encodeCursor({ v, id: ID });
      expect(raw).toMatch(/^[A-Za-z0-9_-]+$/); // URL-safe
      expect(decodeCursor(raw)).toEqual({ v, id: ID });
    },
  );

  it('no cursor is the first page', () => {
    expect(decodeCursor(undefined)).toBeNull();
    expect(decodeCursor('')).toBeNull();
  });

  it.each([
    ['not base64 JSON', '!!!'],
    ['JSON that is not an array', Buffer.from('{"v":1,"id":"x"}').toString('base64url')],
    ['an array of one', Buffer.from(JSON.stringify([ID])).toString('base64url')],
    ['an array of three', Buffer.from(JSON.stringify(['a', ID, 1])).toString('base64url')],
    ['a numeric id', Buffer.from(JSON.stringify(['a', 7])).toString('base64url')],
    ['an id that is not a uuid', Buffer.from(JSON.stringify(['a', "x' or 1=1"])).toString('base64url')],
    ['an object value', Buffer.from(JSON.stringify([{ a: 1 }, ID])).toString('base64url')],
  ])('a bad cursor (%s) is an AppError 400 with a field error on cursor', (_label, raw) => {
    let thrown: unknown;
    try {
      decodeCursor(raw);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(AppError);
    const error = thrown as AppError;
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual({ fieldErrors: { cursor: ['Invalid cursor.'] } });
  });

  it('takes another id pattern for tables without uuid ids', () => {
    const raw = encodeCursor({ v: '2026-01-01', id: '12345' });
    expect(decodeCursor(raw, /^\d+$/)).toEqual({ v: '2026-01-01', id: '12345' });
    expect(() => decodeCursor(raw)).toThrow(AppError);
  });
});

describe('toPage', () => {
  const rows = [1, 2, 3].map((n) => ({ id: `00000000-0000-4000-8000-00000000000${n}`, name: `R${n}` }));
  it('with limit + 1 rows: a full page and the cursor of its last row', () => {
    const page = toPage(rows, 2, (r) => r.name);
    expect(page.items).toEqual(rows.slice(0, 2));
    expect(decodeCursor(page.nextCursor ?? '')).toEqual({ v: 'R2', id: rows[1]?.id });
  });
  it('with limit rows or fewer: the last page', () => {
    expect(toPage(rows, 3, (r) => r.name).nextCursor).toBeNull();
    expect(toPage([], 3, (r: { id: string }) => r.id)).toEqual({ items: [], nextCursor: null });
  });
});

describe('allPages', () => {
  const rows = Array.from({ length: 7 }, (_, i) => ({ id: `${ID.slice(0, -2)}${String(i).padStart(2, '0')}`, n: i }));
  const pageOf = (cursor: Cursor | null, limit: number, of = rows) => {
    const from = cursor ? of.findIndex((r) => r.id === cursor.id) + 1 : 0;
    return of.slice(from, from + limit);
  };

  it('walks every page in order, and asks for the next page before handing this one over', async () => {
    const asked: (Cursor | null)[] = [];
    const seen: string[] = [];
    for await (const page of allPages(
      (cursor, limit) => {
        asked.push(cursor);
        seen.push(`ask ${asked.length}`);
        return Promise.resolve(pageOf(cursor, limit));
      },
      (row) => row.n,
      3,
    )) {
      seen.push(`got ${page.map((r) => r.n).join(',')}`);
    }
    expect(seen).toEqual(['ask 1', 'ask 2', 'got 0,1,2', 'ask 3', 'got 3,4,5', 'got 6']);
    expect(asked[1]).toEqual({ v: 2, id: rows[2]!.id });
  });

  it('a full last page ends with one empty read', async () => {
    const pages: number[][] = [];
    let reads = 0;
    const six = rows.slice(0, 6);
    for await (const page of allPages(
      (c, l) => (reads++, Promise.resolve(pageOf(c, l, six))),
      (r) => r.n,
      3,
    ))
      pages.push(page.map((r) => r.n));
    expect(reads).toBe(3);
    expect(pages).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
  });

  it('a caller that stops after the first page leaves no unhandled failure of the page asked for next', async () => {
    let calls = 0;
    const walk = allPages(
      (cursor, limit) => (++calls === 1 ? Promise.resolve(pageOf(cursor, limit)) : Promise.reject(new Error('gone'))),
      (row) => row.n,
      3,
    );
    for await (const page of walk) {
      expect(page).toHaveLength(3);
      break;
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toBe(2);
  });

  it('a failing page fails the walk', async () => {
    const walk = allPages(
      (cursor, limit) => (cursor ? Promise.reject(new Error('gone')) : Promise.resolve(pageOf(cursor, limit))),
      (row) => row.n,
      3,
    );
    await expect(
      (async () => {
        for await (const page of walk) expect(page).toHaveLength(3);
      })(),
    ).rejects.toThrow('gone');
  });
});

describe('sendCsv', () => {
  async function exportWith(pages: () => AsyncIterable<{ n: number }[]>) {
    const app = Fastify();
    app.get('/export.csv', (_request, reply) => sendCsv(reply, 'n.csv', [{ header: 'N', value: (r) => r.n }], pages()));
    try {
      return await app.inject({ method: 'GET', url: '/export.csv' });
    } finally {
      await app.close();
    }
  }

  it('streams the header and every page', async () => {
    const res = await exportWith(async function* () {
      yield [{ n: 1 }, { n: 2 }];
      yield [{ n: 3 }];
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.body).toBe('\uFEFFN\r\n1\r\n2\r\n3\r\n');
  });

  it('fails before the header when the first page does: an error answer, not a cut file', async () => {
    const res = await exportWith(async function* () {
      yield* [];
      throw new AppError(400, 'VALIDATION_FAILED', 'The filter was refused');
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('sendJsonText / listResponseJson', () => {
  it("sends the database's JSON text as it is: the route's response schema documents it, zod does not re-encode it", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const item = z.object({ id: z.number() });
    app.withTypeProvider<ZodTypeProvider>().get(
      '/list',
      {
        schema: {
          response: {
            200: z.object({
              items: z.array(item),
              nextCursor: z.string().nullable(),
              total: z.number(),
              totalCapped: z.boolean(),
            }),
          },
        },
      },
      // An item with a key the schema does not declare, written with the database's spacing: zod's
      // encode would drop the key and JSON.stringify the spacing.
      (_request, reply) => {
        sendJsonText(
          reply,
          listResponseJson(
            { items: '[{"id" : 1, "extra" : true}]', nextCursor: 'abc' },
            { total: 1, totalCapped: false },
          ),
        );
      },
    );
    const res = await app.inject({ method: 'GET', url: '/list' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.body).toBe('{"items":[{"id" : 1, "extra" : true}],"nextCursor":"abc","total":1,"totalCapped":false}');
    expect(res.json()).toEqual({ items: [{ id: 1, extra: true }], nextCursor: 'abc', total: 1, totalCapped: false });
    await app.close();
  });

  it('a last page has a null cursor', () => {
    expect(
      JSON.parse(listResponseJson({ items: '[]', nextCursor: null }, { total: 10_000, totalCapped: true }).json),
    ).toEqual({
      items: [],
      nextCursor: null,
      total: 10_000,
      totalCapped: true,
    });
  });
});
