/** Seeds the demo factories and users of demo-accounts.ts (`npm run demo`). */
import type { Database } from './db/client';
import { createFactory } from './modules/factories/factories.service';
import { findFactoryByCode } from './modules/factories/factories.repository';
import { createUser } from './modules/users/users.service';
import { DEMO_FACTORIES, DEMO_PASSWORD, DEMO_USERS } from './demo-accounts';
import { findUserIdByEmail } from './modules/users/users.repository';

/** Idempotent: what exists already is left as it is. */
export async function seedDemoData(db: Database): Promise<{ factories: number; users: number }> {
  let factories = 0;
  let users = 0;
  const ids = new Map<string, string>();
  for (const f of DEMO_FACTORIES) {
    const existing = await findFactoryByCode(db, f.code);
    if (existing) {
      ids.set(f.code, existing.id);
      continue;
    }
    const created = await createFactory(db, null, f);
    ids.set(f.code, created.id);
    factories++;
  }
  for (const u of DEMO_USERS) {
    if (await findUserIdByEmail(db, u.email)) continue;
    await createUser(db, null, {
      email: u.email,
      name: u.name,
      password: DEMO_PASSWORD,
      groups: [u.group],
      factoryId: u.factoryCode ? (ids.get(u.factoryCode) ?? null) : null,
    });
    users++;
  }
  return { factories, users };
}
