/**
 * Demo stove IDs (`npm run demo`): batches at every factory, an import of legacy labels, IDs in
 * every status and transfers in every state, made through the same services the screens use, so
 * every history is real. Statuses later issues produce (coupled by stove reports, sold on sales
 * orders) are carried over as the previous system's data ('migrated' events), as a data migration
 * from the spreadsheets would.
 */
import { count, sql } from 'drizzle-orm';
import type { Actor } from '../auth/actor';
import { loadActor } from '../auth/actor';
import type { Database } from '../db/client';
import { stoveIdBatches } from '../db/schema/stove-ids';
import { planBatch, importStoveIds, writeBatch } from '../modules/stove-ids/stove-id-batches.service';
import { changeStoveIdStatuses, lockStoveIdsByCodes } from '../modules/stove-ids/stove-id-status.repository';
import { voidStoveIds } from '../modules/stove-ids/stove-ids.service';
import {
  cancelTransfer,
  confirmTransfer,
  rejectTransfer,
  sendTransfer,
} from '../modules/stove-transfers/stove-transfers.service';
import { approveStoveIds } from '../modules/stove-validation/stove-validation.service';
import { stoveCode } from '../../common/stove-codes';

const CARRIED_OVER = 'Carried over from the previous system';

const codes = (prefix: string, first: number, n: number) =>
  Array.from({ length: n }, (_, i) => stoveCode(prefix, first + i, 7));

async function actorFor(db: Database, userId: string | undefined): Promise<Actor> {
  const actor = userId ? await loadActor(db, userId) : null;
  if (!actor) throw new Error('demo stove IDs: a demo user is missing');
  return actor;
}

/** Marks IDs as the previous system left them (coupled or sold), one 'migrated' event each. */
async function carryOver(db: Database, list: string[], status: 'coupled' | 'sold', actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockStoveIdsByCodes(tx, list);
    await changeStoveIdStatuses(tx, {
      ids: locked.map((r) => r.id),
      kind: 'migrated',
      set: sql`status = ${status}::stove_id_status`,
      note: CARRIED_OVER,
      actorId: actor.userId,
    });
  });
}

/** Idempotent: nothing happens when any batch exists. Returns the number of IDs created. */
export async function seedDemoStoveIds(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  userIds: { admin: string | undefined; seniorProduction: string | undefined },
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(stoveIdBatches);
  if ((existing?.n ?? 0) > 0) return 0;
  const factory = (code: string) => {
    const id = factoryIds.get(code);
    if (!id) throw new Error(`demo stove IDs: factory ${code} is missing`);
    return id;
  };
  const admin = await actorFor(db, userIds.admin);
  const production = await actorFor(db, userIds.seniorProduction);

  const generate = async (factoryCode: string, firstNumber: number, n: number, note: string) => {
    const plan = await planBatch(db, admin, {
      factoryId: factory(factoryCode),
      prefix: 'STV',
      firstNumber,
      count: n,
      width: 7,
      note,
    });
    await writeBatch(db, admin, plan);
  };
  await generate('NBO', 1, 600, 'First labels of the year');
  await generate('MSA', 1001, 300, 'Mombasa allocation');
  await generate('KSM', 2001, 250, 'Kisumu allocation');
  await generate('NBO', 3001, 400, 'Second print run');
  await importStoveIds(db, admin, {
    factoryId: factory('KSM'),
    codes: Array.from({ length: 24 }, (_, i) => `OLD-${String(1201 + i).padStart(5, '0')}`),
    note: 'Labels printed before the back office, from the old spreadsheet',
  });

  // Production the previous system recorded: coupled stoves, some sold.
  await carryOver(db, codes('STV', 1, 220), 'coupled', production);
  await carryOver(db, codes('STV', 1001, 120), 'coupled', production);
  await carryOver(db, codes('STV', 2001, 60), 'coupled', production);
  // Quality approval on Validate Stove IDs, then sales from the previous system.
  await approveStoveIds(db, production, { codes: codes('STV', 1, 150), factoryId: factory('NBO') });
  await approveStoveIds(db, production, { codes: codes('STV', 1001, 70), factoryId: factory('MSA') });
  await carryOver(db, codes('STV', 1, 60), 'sold', production);
  await carryOver(db, codes('STV', 1001, 25), 'sold', production);
  // Damaged labels.
  await voidStoveIds(db, admin, { codes: codes('STV', 590, 6), reason: 'Label torn during printing' });
  await voidStoveIds(db, admin, { codes: codes('STV', 2245, 3), reason: 'Lost in transport' });

  // Transfers in every state.
  const send = (from: string, to: string, list: string[], note: string) =>
    sendTransfer(db, admin, { fromFactoryId: factory(from), toFactoryId: factory(to), codes: list, note });
  const confirmed = await send('NBO', 'MSA', [...codes('STV', 300, 80), ...codes('STV', 120, 20)], 'Weekly allocation');
  await confirmTransfer(db, admin, confirmed.id, undefined);
  const partial = await send('NBO', 'KSM', codes('STV', 400, 40), 'Kisumu top-up');
  await confirmTransfer(db, admin, partial.id, codes('STV', 400, 32));
  const rejected = await send('MSA', 'NBO', codes('STV', 1200, 20), 'Return of surplus labels');
  await rejectTransfer(db, admin, rejected.id, 'Nairobi has enough labels this month');
  const canceled = await send('KSM', 'NBO', codes('STV', 2100, 10), 'Spare labels');
  await cancelTransfer(db, admin, canceled.id);
  await send('NBO', 'MSA', codes('STV', 3001, 50), 'Next week’s labels');
  await send('NBO', 'KSM', codes('STV', 3100, 30), 'Labels for the Kisumu launch');
  await send('MSA', 'KSM', [...codes('STV', 1001 + 120, 10), ...codes('STV', 1250, 15)], 'Stock balancing');
  return 600 + 300 + 250 + 400 + 24;
}
