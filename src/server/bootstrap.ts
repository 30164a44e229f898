/**
 * What a server needs before it listens: the shared auth secret, the company's time zone and, on an
 * empty database, a first Admin.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_ADMIN_EMAIL, type Config } from './config';
import type { Database } from './db/client';
import { machineTimeZone } from '../common/time-zones';
import { appSettings } from './db/schema/core';
import { writeCompanyTimeZone } from './modules/factories/time-zones.repository';
import { createUser } from './modules/users/users.service';
import { countUsers, lockAdminChanges } from './modules/users/users.repository';

const AUTH_SECRET_KEY = 'auth_secret';

/** BETTER_AUTH_SECRET, or one generated once and kept in the database so every instance shares it. */
export async function ensureAuthSecret(db: Database, config: Config): Promise<string> {
  if (config.authSecret) return config.authSecret;
  await db
    .insert(appSettings)
    .values({ key: AUTH_SECRET_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, AUTH_SECRET_KEY));
  if (!row) throw new Error('could not store the auth secret');
  return row.value;
}

/** The company's time zone on a first start: the machine's (TZ). An Admin changes it on Factory Management. */
export async function ensureCompanyTimeZone(db: Database): Promise<void> {
  await writeCompanyTimeZone(db, machineTimeZone(), true);
}

export interface InitialAdmin {
  email: string;
  /** Set only when the password was generated and must be shown once. */
  generatedPassword: string | null;
}

/**
 * With no users at all, creates an Admin from ADMIN_EMAIL/ADMIN_PASSWORD, or admin@localhost with a
 * generated password. Instances starting together on an empty database take turns (the lock on
 * changes to who is an Admin): the first creates the Admin, the others find it.
 */
export async function ensureInitialAdmin(db: Database, config: Config): Promise<InitialAdmin | null> {
  if ((await countUsers(db)) > 0) return null;
  const email = (config.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = config.adminPassword ? null : randomBytes(12).toString('base64url');
  const password = config.adminPassword ?? generatedPassword ?? '';
  return db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    if ((await countUsers(tx)) > 0) return null;
    await createUser(tx, null, { email, name: 'Administrator', password, groups: ['Admin'], factoryId: null });
    return { email, generatedPassword };
  });
}
