/**
 * Demo announcements (`npm run demo`), made through the service the Announcements page uses (so
 * audit and stamps are real): a pinned one for everyone, one for everyone, one for the sales
 * groups, one for Mombasa, one for Mombasa's stove couplers, one scheduled in a few days and one
 * already expired.
 */
import { count } from 'drizzle-orm';
import type { Group } from '../../common/permissions';
import { loadActor } from '../auth/actor';
import type { Database } from '../db/client';
import { announcements } from '../db/schema/communication';
import { createAnnouncement, expireAnnouncement } from '../modules/announcements/announcements.service';

const DAY = 86_400_000;

interface DemoAnnouncement {
  author: 'admin' | 'sales' | 'production';
  title: string;
  body: string;
  groups?: Group[];
  factoryCodes?: string[];
  pinned?: boolean;
  /** Days from now (negative: in the past). */
  publishIn: number;
  expiresIn?: number;
  expireNow?: true;
}

const DEMO_ANNOUNCEMENTS: DemoAnnouncement[] = [
  {
    author: 'admin',
    title: 'Welcome to the new back office',
    body: [
      'Stove IDs, production, kits, steel, inventory and sales now live in **one place**.',
      '',
      '- Your menu shows what your group may use.',
      '- Questions? See **App Doc** in the menu, or ask your manager.',
    ].join('\n'),
    pinned: true,
    publishIn: -20,
  },
  {
    author: 'admin',
    title: 'Public holiday on Friday',
    body: 'All factories are closed on Friday. Transfers sent on Thursday are confirmed on **Monday**.',
    publishIn: -2,
  },
  {
    author: 'sales',
    title: 'New price list from the 1st',
    body: 'Retail prices of the **Jiko Poa** package rise by 5% from the 1st. Orders entered before then keep the old price.',
    groups: ['Sales Manager', 'Sales Officer', 'Factory Manager'],
    publishIn: -4,
  },
  {
    author: 'production',
    title: 'Mombasa: generator maintenance on Saturday',
    body: 'The generator is serviced on Saturday morning; the line starts at **10:00** instead of 7:00.',
    factoryCodes: ['MSA'],
    publishIn: -1,
    expiresIn: 6,
  },
  {
    author: 'production',
    title: 'New coupling jig at Mombasa',
    body: 'Couplers: please use the new jig on bench 2 from today. Report any misfit in the daily report.',
    groups: ['Stove Coupler'],
    factoryCodes: ['MSA'],
    publishIn: -3,
  },
  {
    author: 'admin',
    title: 'Quarterly stock count',
    body: 'Every store counts its kits, steel and inventory at the end of the month. Lists follow.',
    publishIn: 3,
    expiresIn: 14,
  },
  {
    author: 'admin',
    title: 'System maintenance last weekend',
    body: 'The back office was unavailable on Sunday night for maintenance.',
    publishIn: -9,
    expireNow: true,
  },
];

/**
 * Idempotent: nothing happens when any announcement exists. Returns the number created.
 * `authors`: the demo users who write them (an admin, a senior sales and a senior production manager).
 */
export async function seedDemoAnnouncements(
  db: Database,
  factoryIds: ReadonlyMap<string, string>,
  authors: Record<DemoAnnouncement['author'], string | undefined>,
): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(announcements);
  if ((existing?.n ?? 0) > 0) return 0;
  let created = 0;
  for (const a of DEMO_ANNOUNCEMENTS) {
    const authorId = authors[a.author];
    const actor = authorId ? await loadActor(db, authorId) : null;
    if (!actor) continue;
    const now = Date.now();
    const saved = await createAnnouncement(db, actor, {
      title: a.title,
      body: a.body,
      audienceGroups: a.groups ?? [],
      audienceFactoryIds: (a.factoryCodes ?? []).flatMap((code) => factoryIds.get(code) ?? []),
      pinned: a.pinned ?? false,
      publishAt: new Date(now + a.publishIn * DAY).toISOString(),
      expiresAt: a.expiresIn === undefined ? null : new Date(now + a.expiresIn * DAY).toISOString(),
    });
    if (a.expireNow) await expireAnnouncement(db, actor, saved.id);
    created++;
  }
  return created;
}
