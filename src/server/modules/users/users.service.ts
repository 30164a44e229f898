import type { CreateUser } from '../../../common/contracts/users';
import type { Actor } from '../../auth/actor';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { insertAudit } from '../audit/audit.repository';
import { findFactoryById } from '../factories/factories.repository';
import { findUserIdByEmail, insertUser } from './users.repository';

export interface CreatedUser {
  id: string;
  email: string;
  name: string;
  groups: CreateUser['groups'];
  factoryId: string | null;
}

export async function createUser(db: Database, actor: Actor | null, input: CreateUser): Promise<CreatedUser> {
  const groups = [...new Set(input.groups)];
  const factoryId = input.factoryId ?? null;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findUserIdByEmail(tx, input.email)) {
      throw errors.conflict('A user with this email already exists.', { email: ['This email is already in use.'] });
    }
    if (factoryId) {
      const factory = await findFactoryById(tx, factoryId);
      if (!factory) throw errors.validation('The chosen factory does not exist.', { factoryId: ['Unknown factory.'] });
      if (!factory.active) {
        throw errors.validation('The chosen factory is deactivated.', { factoryId: ['This factory is deactivated.'] });
      }
    }
    const id = await insertUser(tx, {
      email: input.email,
      name: input.name,
      passwordHash,
      groups,
      factoryId,
      createdBy: actor?.userId ?? null,
    });
    const created: CreatedUser = { id, email: input.email, name: input.name, groups, factoryId };
    await insertAudit(tx, {
      actorId: actor?.userId ?? null,
      action: 'create',
      recordType: 'user',
      recordId: id,
      after: created,
    });
    return created;
  });
}
