import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { factories } from '../../db/schema/core';

export type FactoryRow = typeof factories.$inferSelect;

export async function findFactoryById(db: Executor, id: string): Promise<FactoryRow | null> {
  const [row] = await db.select().from(factories).where(eq(factories.id, id));
  return row ?? null;
}

export async function findFactoryByCode(db: Executor, code: string): Promise<FactoryRow | null> {
  const [row] = await db.select().from(factories).where(eq(factories.code, code));
  return row ?? null;
}

export async function insertFactory(db: Executor, values: typeof factories.$inferInsert): Promise<FactoryRow> {
  const [row] = await db.insert(factories).values(values).returning();
  if (!row) throw new Error('insert into factories returned no row');
  return row;
}
