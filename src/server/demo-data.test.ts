/** `npm run demo`'s data: every screen has something to show, and every history explains its status. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOVE_ID_STATUSES, STOVE_TRANSFER_STATUSES } from '../common/contracts/stove-ids';
import { queryRows } from './db/client';
import { seedDemoData } from './demo-data';
import { openTestDatabase } from './test/test-database';
import type { DatabaseHandle } from './db/client';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await handle.close();
});

describe('demo data', () => {
  it('seeds factories, users, partners and stove IDs once; a second run adds nothing', async () => {
    const first = await seedDemoData(handle.db);
    expect(first.factories).toBe(3);
    expect(first.users).toBeGreaterThanOrEqual(10);
    expect(first.partners).toBeGreaterThan(0);
    expect(first.stoveIds).toBeGreaterThan(1000);
    expect(await seedDemoData(handle.db)).toEqual({ factories: 0, users: 0, partners: 0, stoveIds: 0 });
  }, 120_000);

  it('has IDs in every status and transfers in every state', async () => {
    const statuses = await queryRows<{ status: string }>(handle.db, sql`select distinct status from stove_ids`);
    expect(statuses.map((r) => r.status).sort()).toEqual([...STOVE_ID_STATUSES].sort());
    const states = await queryRows<{ status: string }>(handle.db, sql`select distinct status from stove_transfers`);
    expect(states.map((r) => r.status).sort()).toEqual([...STOVE_TRANSFER_STATUSES].sort());
    const kinds = await queryRows<{ kind: string }>(handle.db, sql`select distinct kind from stove_id_batches`);
    expect(kinds.map((r) => r.kind).sort()).toEqual(['generated', 'imported']);
  });

  it('every ID’s latest history event matches its status and factory', async () => {
    const mismatches = await queryRows<{ code: string }>(
      handle.db,
      sql`select s.code
            from stove_ids s
            join lateral (select e.to_status, e.factory_id from stove_id_events e
                           where e.stove_id_id = s.id order by e.id desc limit 1) last on true
           where last.to_status <> s.status or last.factory_id <> s.factory_id`,
    );
    expect(mismatches).toEqual([]);
  });
});
