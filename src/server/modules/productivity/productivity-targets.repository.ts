/** SQL of productivity targets: one row per scope (the default, or a factory) and effective day. */
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { factories, profiles } from '../../db/schema/core';
import { productivityTargets } from '../../db/schema/production';
import { sqlTextArray } from '../stove-ids/stove-id-status.repository';

export interface TargetRow {
  id: string;
  factoryId: string | null;
  factoryName: string | null;
  factoryCode: string | null;
  effectiveFrom: string;
  stovesPerCouplerPerDay: number;
  hoursPerDay: number;
  createdAt: Date;
  createdById: string | null;
  createdByName: string | null;
  createdByEmail: string | null;
}

const t = productivityTargets;
const creator = alias(users, 'creator');
const creatorProfile = alias(profiles, 'creator_profile');

const COLUMNS = {
  id: t.id,
  factoryId: t.factoryId,
  factoryName: factories.name,
  factoryCode: factories.code,
  effectiveFrom: t.effectiveFrom,
  stovesPerCouplerPerDay: t.stovesPerCouplerPerDay,
  hoursPerDay: t.hoursPerDay,
  createdAt: t.createdAt,
  createdById: t.createdBy,
  createdByName: sql<string | null>`coalesce(${creatorProfile.name}, ${creator.name})`,
  createdByEmail: creator.email,
};

function selectTargets(db: Executor) {
  return db
    .select(COLUMNS)
    .from(t)
    .leftJoin(factories, eq(factories.id, t.factoryId))
    .leftJoin(creator, eq(creator.id, t.createdBy))
    .leftJoin(creatorProfile, eq(creatorProfile.id, t.createdBy));
}

/**
 * The default's targets and every factory's (`factoryId` undefined), or the default's and one
 * factory's: the default first, then factories by name; newest effective day first in each.
 */
export function listTargetRows(db: Executor, factoryId: string | undefined): Promise<TargetRow[]> {
  return selectTargets(db)
    .where(factoryId ? or(isNull(t.factoryId), eq(t.factoryId, factoryId)) : undefined)
    .orderBy(
      sql`${t.factoryId} is not null`,
      sql`${factories.name} asc nulls first`,
      sql`${t.factoryId} asc nulls first`,
      sql`${t.effectiveFrom} desc`,
    );
}

export async function findTargetRow(db: Executor, id: string): Promise<TargetRow | null> {
  const [row] = await selectTargets(db).where(eq(t.id, id));
  return row ?? null;
}

/** The target of this scope that starts on this day, if any. */
export async function findTargetId(
  db: Executor,
  factoryId: string | null,
  effectiveFrom: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: t.id })
    .from(t)
    .where(and(factoryId ? eq(t.factoryId, factoryId) : isNull(t.factoryId), eq(t.effectiveFrom, effectiveFrom)));
  return row?.id ?? null;
}

export async function insertTarget(db: Executor, values: typeof t.$inferInsert): Promise<string> {
  const [row] = await db.insert(t).values(values).returning({ id: t.id });
  if (!row) throw new Error('insert into productivity_targets returned no row');
  return row.id;
}

/** The target, locked FOR UPDATE until the transaction ends (null when it does not exist). */
export async function lockTargetRow(db: Executor, id: string): Promise<TargetRow | null> {
  await db.select({ id: t.id }).from(t).where(eq(t.id, id)).for('update');
  return findTargetRow(db, id);
}

export async function deleteTargetRow(db: Executor, id: string): Promise<void> {
  await db.delete(t).where(eq(t.id, id));
}

/** The targets that may be in force from `until` back: the default's and these factories'. */
export function targetRulesUntil(db: Executor, until: string, factoryIds: readonly string[]) {
  return db
    .select({
      factoryId: t.factoryId,
      effectiveFrom: t.effectiveFrom,
      stovesPerCouplerPerDay: t.stovesPerCouplerPerDay,
      hoursPerDay: t.hoursPerDay,
    })
    .from(t)
    .where(
      and(
        sql`${t.effectiveFrom} <= ${until}::date`,
        factoryIds.length > 0
          ? or(isNull(t.factoryId), sql`${t.factoryId} = any(${sqlTextArray(factoryIds)}::uuid[])`)
          : isNull(t.factoryId),
      ),
    );
}
