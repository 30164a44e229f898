/** The factories a produced record or a kit transfer names, as its checks need them. */
import { inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { factories } from '../../db/schema/core';

export interface CkdFactoryRow {
  id: string;
  name: string;
  code: string;
  kind: 'plant' | 'assembly' | 'both';
  active: boolean;
}

export async function findCkdFactories(db: Executor, ids: readonly string[]): Promise<Map<string, CkdFactoryRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: factories.id,
      name: factories.name,
      code: factories.code,
      kind: factories.kind,
      active: factories.active,
    })
    .from(factories)
    .where(inArray(factories.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}
