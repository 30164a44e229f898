import type {
  CompanyTimeZone,
  CreateFactory,
  Factory,
  FactoryOption,
  ListFactoriesQuery,
  UpdateFactory,
} from '../../../common/contracts/factories';
import type { ListResponse } from '../../../common/contracts/list';
import type { Actor } from '../../auth/actor';
import type { Database, Executor } from '../../db/client';
import { errors } from '../../http/errors';
import { allPages, decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import { masterDataRecords } from '../master-data/master-data';
import {
  countFactories,
  FACTORY_SORTS,
  findFactoryByCode,
  insertFactory,
  listFactoryOptions,
  listFactoryRows,
  lockFactory,
  updateFactoryRow,
  type FactoryRow,
} from './factories.repository';
import { readCompanyTimeZone, writeCompanyTimeZone } from './time-zones.repository';

export function presentFactory(row: FactoryRow): Factory {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    location: row.location,
    timeZone: row.timeZone,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listFactories(db: Database, query: ListFactoriesQuery): Promise<ListResponse<Factory>> {
  const sort = FACTORY_SORTS[query.sort];
  const [rows, count] = await Promise.all([
    listFactoryRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countFactories(db, query),
  ]);
  const page = toPage(rows, query.limit, sort.value);
  return { items: page.items.map(presentFactory), nextCursor: page.nextCursor, ...count };
}

export function exportFactories(db: Database, query: Omit<ListFactoriesQuery, 'limit' | 'cursor'>) {
  const sort = FACTORY_SORTS[query.sort];
  return allPages((cursor, limit) => listFactoryRows(db, query, cursor, limit), sort.value);
}

export async function factoryOptions(db: Database): Promise<FactoryOption[]> {
  return listFactoryOptions(db);
}

async function assertCodeFree(db: Executor, code: string, exceptId?: string) {
  const existing = await findFactoryByCode(db, code);
  if (existing && existing.id !== exceptId) {
    throw errors.conflict(`A factory with code ${code} already exists.`, {
      code: [`Code ${code} is already used by another factory.`],
    });
  }
}

export async function createFactory(db: Database, actor: Actor | null, input: CreateFactory): Promise<Factory> {
  return db.transaction(async (tx) => {
    await assertCodeFree(tx, input.code);
    const row = await insertFactory(tx, {
      name: input.name,
      code: input.code,
      kind: input.kind,
      location: input.location || null,
      timeZone: input.timeZone ?? null,
      createdBy: actor?.userId ?? null,
      updatedBy: actor?.userId ?? null,
    });
    const factory = presentFactory(row);
    await insertAudit(tx, {
      actorId: actor?.userId ?? null,
      action: 'create',
      recordType: 'factory',
      recordId: row.id,
      after: factory,
    });
    return factory;
  });
}

const records = masterDataRecords({
  recordType: 'factory',
  noun: 'factory',
  notFound: 'No factory with this id.',
  lock: lockFactory,
  update: updateFactoryRow,
  read: (_db, _actor, row) => presentFactory(row),
  audited: presentFactory,
});

export function updateFactory(db: Database, actor: Actor, id: string, input: UpdateFactory): Promise<Factory> {
  return records.change(db, actor, id, 'update', async (_current, tx) => {
    if (input.code) await assertCodeFree(tx, input.code, id);
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.kind !== undefined ? { kind: input.kind } : {}),
      ...(input.location !== undefined ? { location: input.location || null } : {}),
      ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    };
  });
}

export const setFactoryActive = records.setActive;

/**
 * PUT /api/company/time-zone: the zone of the company's days, which every factory without its own
 * follows (their "today", month boundaries and future-date rules move with it). Audited.
 */
export async function setCompanyTimeZone(db: Database, actor: Actor, zone: string): Promise<CompanyTimeZone> {
  return db.transaction(async (tx) => {
    const before = await readCompanyTimeZone(tx);
    if (before !== zone) {
      await writeCompanyTimeZone(tx, zone);
      await insertAudit(tx, {
        actorId: actor.userId,
        action: 'update',
        recordType: 'company_settings',
        recordId: 'time_zone',
        before: { timeZone: before },
        after: { timeZone: zone },
      });
    }
    return { timeZone: zone };
  });
}
