import type { ListResponse } from '../../../common/contracts/list';
import type { ListProfilesQuery, Profile, UpdateProfile } from '../../../common/contracts/profiles';
import type { Actor } from '../../auth/actor';
import type { Database } from '../../db/client';
import { errors } from '../../http/errors';
import { decodeCursor, toPage } from '../../http/list';
import { insertAudit } from '../audit/audit.repository';
import {
  countProfiles,
  findProfileRow,
  listProfileRows,
  lockProfile,
  PROFILE_SORTS,
  updateAccountName,
  updateProfileRow,
  type ProfileRow,
} from './profiles.repository';

export function presentProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    phone: row.phone,
    jobTitle: row.jobTitle,
    factory:
      row.factoryId && row.factoryCode && row.factoryName
        ? { id: row.factoryId, code: row.factoryCode, name: row.factoryName }
        : null,
  };
}

export async function listProfiles(db: Database, query: ListProfilesQuery): Promise<ListResponse<Profile>> {
  const sort = PROFILE_SORTS[query.sort];
  const [rows, count] = await Promise.all([
    listProfileRows(db, query, decodeCursor(query.cursor), query.limit + 1),
    countProfiles(db, query),
  ]);
  const page = toPage(rows, query.limit, sort.value);
  return { items: page.items.map(presentProfile), nextCursor: page.nextCursor, ...count };
}

/** Changes name, phone or job title under a row lock; audits before and after. */
export async function updateProfile(db: Database, actor: Actor, id: string, input: UpdateProfile): Promise<Profile> {
  return db.transaction(async (tx) => {
    if (!(await lockProfile(tx, id))) throw errors.notFound('No profile with this id.');
    const current = await findProfileRow(tx, id);
    if (!current) throw errors.notFound('No profile with this id.');
    await updateProfileRow(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      ...(input.jobTitle !== undefined ? { jobTitle: input.jobTitle } : {}),
      updatedBy: actor.userId,
    });
    if (input.name !== undefined) await updateAccountName(tx, id, input.name);
    const updated = await findProfileRow(tx, id);
    if (!updated) throw new Error('profile vanished during its change');
    const before = presentProfile(current);
    const after = presentProfile(updated);
    await insertAudit(tx, {
      actorId: actor.userId,
      action: 'update',
      recordType: 'profile',
      recordId: id,
      before,
      after,
    });
    return after;
  });
}
