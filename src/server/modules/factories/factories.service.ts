import type { CreateFactory, Factory } from '../../../common/contracts/factories';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { findFactoryByCode, insertFactory, type FactoryRow } from './factories.repository';

export function presentFactory(row: FactoryRow): Factory {
  return { id: row.id, name: row.name, code: row.code, kind: row.kind, location: row.location, active: row.active };
}

export async function createFactory(db: Database, actor: Actor | null, input: CreateFactory): Promise<Factory> {
  return db.transaction(async (tx) => {
    if (await findFactoryByCode(tx, input.code)) {
      throw errors.conflict(`A factory with code ${input.code} already exists.`, {
        code: [`Code ${input.code} is already used by another factory.`],
      });
    }
    const row = await insertFactory(tx, {
      name: input.name,
      code: input.code,
      kind: input.kind,
      location: input.location || null,
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
