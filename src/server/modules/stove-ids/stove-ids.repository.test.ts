/**
 * The stove ID list's prefix search reads the prefix's codes and no others (issue 24). A factory's
 * IDs sit in one (factory_id, status, code) index range per status; a search enters each range at
 * the prefix and leaves it after the prefix's last code, however deep into the factory's codes the
 * prefix falls. EXPLAIN ANALYZE of the repository's own statements counts the rows its scans of
 * stove_ids read, so a plan that walks a range from its start and checks the prefix row by row
 * (thousands of rows here) fails, as does one that reads the factory's whole range to count.
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listStoveIdsQuerySchema, STOVE_ID_STATUSES, type StoveIdStatus } from '../../../common/contracts/stove-ids';
import { queryRows, type DatabaseHandle, type Executor } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { makeStoveIds } from '../../test/stove-ids';
import { createFactory } from '../factories/factories.service';
import { countStoveIds, listStoveIdRows } from './stove-ids.repository';

const PREFIX = 'PLN';
const WIDTH = 5;
const PER_BATCH = 4_000;
/** Numbers 19900-19999: in the factory's last batch (in stock), past 19,900 of its codes. */
const DEEP = `${PREFIX}199`;
const LIMIT = 21;
/** The codes DEEP matches. */
const DEEP_CODES = 100;
/**
 * Rows a bounded read may touch: the prefix's codes (and one past them) once per status range at
 * most. The planner may read them through the code index and check the factory and status, or
 * through each status's range of the factory's index; either way not the 19,900 codes before DEEP.
 */
const ROWS_BOUND = STOVE_ID_STATUSES.length * (DEEP_CODES + 1);
/**
 * Blocks a bounded read may touch: an index descent per status range (two levels here) and the
 * heap pages of the prefix's rows. Walking a status range from its start, or past its end to the
 * end of the factory (PostgreSQL 15 does, bounded by row comparisons), read 150 to 570 blocks.
 */
const BLOCKS_BOUND = 40;

let handle: DatabaseHandle;
let factoryId: string;
let otherId: string;
/** Every code of the factory with its status, in code order. */
const atFactory: { code: string; status: StoveIdStatus }[] = [];
const batchIds: string[] = [];
/** The other factory's codes, in code order. */
const otherCodes: string[] = [];

beforeAll(async () => {
  handle = await openTestDatabase();
  factoryId = (await createFactory(handle.db, null, { name: 'Plan Factory', code: 'PLN', kind: 'assembly' })).id;
  otherId = (await createFactory(handle.db, null, { name: 'Other Factory', code: 'OTH', kind: 'assembly' })).id;
  // Statuses in turn by batch: each (factory, status) range holds thousands of codes before DEEP.
  const batches: Exclude<StoveIdStatus, 'in_transit'>[] = ['in_stock', 'coupled', 'sold', 'void', 'in_stock'];
  for (const [i, status] of batches.entries()) {
    const made = await makeStoveIds(handle.db, {
      factoryId,
      count: PER_BATCH,
      prefix: PREFIX,
      firstNumber: i * PER_BATCH + 1,
      width: WIDTH,
      status,
    });
    batchIds.push(made.batchId);
    atFactory.push(...made.codes.map((code) => ({ code, status })));
  }
  // Another factory's codes after the factory's: a scope applied late would read them.
  const other = await makeStoveIds(handle.db, {
    factoryId: otherId,
    count: PER_BATCH,
    prefix: PREFIX,
    firstNumber: 20_001,
    width: WIDTH,
  });
  otherCodes.push(...other.codes);
  await handle.db.execute(sql`analyze stove_ids`);
}, 60_000);
afterAll(async () => {
  await handle.close();
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

interface Read {
  /** Rows the scans of stove_ids returned or discarded (index entries an index condition skips are not in it). */
  rows: number;
  /** Blocks those scans read, index and heap: what a walk through index entries shows in. */
  blocks: number;
}

/** The indexes of stove_ids the plan's scans use. */
function stoveIdsIndexes(node: PlanNode): string[] {
  const own = node['Relation Name'] === 'stove_ids' && node['Index Name'] ? [node['Index Name']] : [];
  return [...own, ...(node.Plans ?? []).flatMap(stoveIdsIndexes)];
}

/** What the plan's scans of stove_ids read. */
function stoveIdsRead(node: PlanNode): Read {
  const children = (node.Plans ?? []).map(stoveIdsRead);
  const own: Read =
    node['Relation Name'] === 'stove_ids'
      ? {
          rows:
            (node['Actual Rows'] +
              (node['Rows Removed by Filter'] ?? 0) +
              (node['Rows Removed by Index Recheck'] ?? 0)) *
            node['Actual Loops'],
          // A scan node's blocks include its own children's (a bitmap heap scan's index scan).
          blocks: node['Shared Hit Blocks'] + node['Shared Read Blocks'],
        }
      : { rows: 0, blocks: 0 };
  return children.reduce((sum, c) => ({ rows: sum.rows + c.rows, blocks: sum.blocks + c.blocks }), own);
}

/** Runs the repository's statements under EXPLAIN (ANALYZE, BUFFERS): what they read of stove_ids, in all. */
async function readBy(
  run: (explaining: Executor) => Promise<unknown>,
): Promise<Read & { statements: number; indexes: string[] }> {
  const read = { rows: 0, blocks: 0, statements: 0, indexes: [] as string[] };
  const explaining = {
    execute: async (query: SQL) => {
      const [row] = await queryRows<{ 'QUERY PLAN': string | [{ Plan: PlanNode }] }>(
        handle.db,
        sql`explain (analyze, buffers, format json) ${query}`,
      );
      const plan = row?.['QUERY PLAN'];
      const [top] = typeof plan === 'string' ? (JSON.parse(plan) as [{ Plan: PlanNode }]) : (plan ?? []);
      if (!top) throw new Error('no plan');
      const { rows, blocks } = stoveIdsRead(top.Plan);
      read.rows += rows;
      read.blocks += blocks;
      read.statements += 1;
      read.indexes.push(...stoveIdsIndexes(top.Plan));
      // Answered as well, so that what the repository reads next depends on it as it does in use.
      return { rows: await queryRows(handle.db, query) };
    },
  } as unknown as Executor;
  await run(explaining);
  return read;
}

const bounded = (read: Read) => {
  expect(read.rows).toBeLessThanOrEqual(ROWS_BOUND);
  expect(read.blocks).toBeLessThanOrEqual(BLOCKS_BOUND);
};

const filters = (query: Record<string, string>) => ({
  ...listStoveIdsQuerySchema.parse({ q: DEEP, ...query }),
  timeZone: 'UTC',
});

describe('a prefix search deep in a factory', () => {
  const deep = () => atFactory.filter((r) => r.code.startsWith(DEEP));

  it('finds the same codes as before, in both directions, from any cursor', async () => {
    const codes = async (query: Record<string, string>, cursor: string | null = null) =>
      (await listStoveIdRows(handle.db, filters(query), cursor === null ? null : { v: cursor, id: '1' }, LIMIT)).map(
        (r) => r.code,
      );
    const expected = deep().map((r) => r.code);
    expect(expected).toHaveLength(DEEP_CODES);
    expect(await codes({ factoryId })).toEqual(expected.slice(0, LIMIT));
    expect(await codes({ factoryId, dir: 'desc' })).toEqual([...expected].reverse().slice(0, LIMIT));
    expect(await codes({ factoryId }, expected[49])).toEqual(expected.slice(50, 50 + LIMIT));
    expect(await codes({ factoryId, dir: 'desc' }, expected[50])).toEqual(expected.slice(29, 50).reverse());
    // A cursor before the prefix's codes starts at the first of them; one after them finds none.
    expect(await codes({ factoryId }, PREFIX)).toEqual(expected.slice(0, LIMIT));
    expect(await codes({ factoryId, dir: 'desc' }, `${PREFIX}~`)).toEqual([...expected].reverse().slice(0, LIMIT));
    expect(await codes({ factoryId }, `${DEEP}~`)).toEqual([]);
    expect(await codes({ factoryId, dir: 'desc' }, PREFIX)).toEqual([]);
    expect(await codes({ factoryId, status: 'coupled' })).toEqual([]);
    expect(await codes({ status: 'in_stock' })).toEqual(expected.slice(0, LIMIT));
    expect(await codes({ factoryId: otherId })).toEqual([]);
    expect((await countStoveIds(handle.db, filters({ factoryId }))).total).toBe(DEEP_CODES);
    expect((await countStoveIds(handle.db, filters({ factoryId, status: 'in_stock' }))).total).toBe(DEEP_CODES);
  });

  // Functions: the factory and batch ids are made in beforeAll.
  it.each<[string, () => Record<string, string>]>([
    ['the factory (a factory-scoped user)', () => ({ factoryId })],
    ['the factory, codes descending', () => ({ factoryId, dir: 'desc' })],
    ['the factory and a status', () => ({ factoryId, status: 'in_stock' })],
    ['the factory and a status without its codes', () => ({ factoryId, status: 'coupled' })],
    ['a status across factories', () => ({ status: 'in_stock' })],
    ['a batch', () => ({ batchId: batchIds[4] ?? '' })],
    ['no filter (a global user)', () => ({})],
  ])("reads the prefix's codes, not those before it: %s", async (_label, query) => {
    bounded(await readBy((db) => listStoveIdRows(db, filters(query()), null, LIMIT)));
    bounded(await readBy((db) => listStoveIdRows(db, filters(query()), { v: `${DEEP}50`, id: '1' }, LIMIT)));
  });

  it("reads a factory's search as a global user's: one statement on the code index", async () => {
    for (const cursor of [null, { v: `${DEEP}50`, id: '1' }]) {
      for (const dir of ['asc', 'desc']) {
        const read = await readBy((db) => listStoveIdRows(db, filters({ factoryId, dir }), cursor, LIMIT));
        expect(read).toMatchObject({ statements: 1, indexes: ['stove_ids_code_key'] });
        expect(read.rows).toBeLessThanOrEqual(DEEP_CODES + 1);
      }
    }
    const counted = await readBy((db) => countStoveIds(db, filters({ factoryId })));
    expect(counted).toMatchObject({ statements: 1, indexes: ['stove_ids_code_key'] });
    expect(counted.rows).toBeLessThanOrEqual(DEEP_CODES + 1);
  });

  it("finds a factory's codes behind a thousand of another's with the same prefix, reading a bounded number", async () => {
    // The other factory's 4,000 codes come after the factory's 20,000 that share the prefix PLN.
    const others = otherCodes;
    const page = (query: Record<string, string>, cursor: string | null = null) =>
      listStoveIdRows(
        handle.db,
        filters({ q: PREFIX, factoryId: otherId, ...query }),
        cursor ? { v: cursor, id: '1' } : null,
        LIMIT,
      );
    expect((await page({})).map((r) => r.code)).toEqual(others.slice(0, LIMIT));
    expect((await page({}, others[99] ?? '')).map((r) => r.code)).toEqual(others.slice(100, 100 + LIMIT));
    expect((await page({ dir: 'desc' })).map((r) => r.code)).toEqual([...others].reverse().slice(0, LIMIT));
    expect((await countStoveIds(handle.db, filters({ q: PREFIX, factoryId: otherId }))).total).toBe(PER_BATCH);
    // The near codes (a thousand and one, all the first factory's), then the other's status ranges.
    const read = await readBy((db) => listStoveIdRows(db, filters({ q: PREFIX, factoryId: otherId }), null, LIMIT));
    expect(read.statements).toBe(2);
    expect(read.rows).toBeLessThanOrEqual(1_001 + STOVE_ID_STATUSES.length * (LIMIT + 1));
  });

  it("counts the prefix's codes by reading them alone", async () => {
    const queries: Record<string, string>[] = [
      { factoryId },
      { factoryId, status: 'in_stock' },
      { status: 'in_stock' },
      {},
    ];
    for (const query of queries) {
      bounded(await readBy((db) => countStoveIds(db, filters(query))));
    }
  });
});
