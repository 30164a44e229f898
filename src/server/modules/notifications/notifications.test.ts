/**
 * Notifications by mail (issue 25): the preferences on My account (GET/PUT /api/me/notifications),
 * and each trigger queues the right mails in the outbox to the right people, not to those who
 * opted out, another factory's users, users who may not act, or deactivated users: an incoming
 * stove transfer, its outcome (confirmed, partly confirmed, rejected), announcements (published
 * now or later) and the daily low-stock digest (once a day). The last part sends one mail of each
 * kind through a real SMTP server and reads its text and HTML parts and link.
 * The digest's race across instances is in notifications-concurrency.test.ts (PostgreSQL).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { NOTIFICATION_DEFAULTS, type NotificationPreferences } from '../../../common/contracts/notifications';
import { transferNumberLabel, type StoveTransfer } from '../../../common/contracts/stove-ids';
import type { Group } from '../../../common/permissions';
import { queryRows } from '../../db/client';
import { mailOutbox } from '../../db/schema/operations';
import { auditRows } from '../../test/db-assert';
import { giveInventory, makeInventoryItem } from '../../test/inventory';
import { startTestSmtpServer, recipientOf, textOf, type TestSmtpServer } from '../../test/smtp-server';
import { makeStoveIds } from '../../test/stove-ids';
import { createTestContext, TEST_ORIGIN, type SignedInUser, type TestContext } from '../../test/test-app';
import { runLowStockDigest } from './notifications.service';

type Factory = { id: string; code: string };

async function outbox(ctx: TestContext) {
  return ctx.handle.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, body: mailOutbox.body, html: mailOutbox.html })
    .from(mailOutbox)
    .orderBy(mailOutbox.createdAt, mailOutbox.to);
}

async function setPrefs(ctx: TestContext, user: SignedInUser, prefs: Partial<NotificationPreferences>) {
  const res = await ctx.request({
    method: 'PUT',
    url: '/api/me/notifications',
    cookie: user.cookie,
    payload: { ...NOTIFICATION_DEFAULTS, ...prefs },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function deactivate(ctx: TestContext, userId: string) {
  await ctx.handle.db.execute(sql`update profiles set active = false where id = ${userId}`);
}

async function sendTransfer(ctx: TestContext, user: SignedInUser, from: Factory, to: Factory, count = 3) {
  const { codes } = await makeStoveIds(ctx.handle.db, { factoryId: from.id, count });
  const res = await ctx.request({
    method: 'POST',
    url: '/api/stove-transfers',
    cookie: user.cookie,
    payload: { fromFactoryId: from.id, toFactoryId: to.id, codes, note: 'Second batch for the month' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { transfer: res.json<StoveTransfer>(), codes };
}

describe('notification preferences', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('asks to sign in (401)', async () => {
    expect((await ctx.request({ method: 'GET', url: '/api/me/notifications' })).statusCode).toBe(401);
    const put = await ctx.request({ method: 'PUT', url: '/api/me/notifications', payload: NOTIFICATION_DEFAULTS });
    expect(put.statusCode).toBe(401);
  });

  it('answers the defaults to a user who never chose: transfers on, digest and announcements off', async () => {
    const user = await ctx.signedInAs(['Stove Coupler']);
    const res = await ctx.request({ method: 'GET', url: '/api/me/notifications', cookie: user.cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      incomingTransfers: true,
      transferOutcomes: true,
      lowStockDigest: false,
      announcements: false,
    });
  });

  it('keeps each user’s choice (audited) and leaves other users’ alone', async () => {
    const user = await ctx.signedInAs(['Factory Manager']);
    const other = await ctx.signedInAs(['Factory Manager']);
    const chosen = { incomingTransfers: false, transferOutcomes: true, lowStockDigest: true, announcements: true };
    const put = await ctx.request({
      method: 'PUT',
      url: '/api/me/notifications',
      cookie: user.cookie,
      payload: chosen,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual(chosen);
    const read = await ctx.request({ method: 'GET', url: '/api/me/notifications', cookie: user.cookie });
    expect(read.json()).toEqual(chosen);
    const again = { ...chosen, incomingTransfers: true };
    await ctx.request({ method: 'PUT', url: '/api/me/notifications', cookie: user.cookie, payload: again });
    expect((await ctx.request({ method: 'GET', url: '/api/me/notifications', cookie: user.cookie })).json()).toEqual(
      again,
    );
    expect((await ctx.request({ method: 'GET', url: '/api/me/notifications', cookie: other.cookie })).json()).toEqual(
      NOTIFICATION_DEFAULTS,
    );
    const audit = await auditRows(ctx.handle.db, 'update', user.id);
    expect(audit.filter((a) => a.recordType === 'notification_preferences')).toHaveLength(2);
  });

  it.each([
    ['a missing kind', { incomingTransfers: true, transferOutcomes: true, lowStockDigest: false }],
    ['a kind that is not on or off', { ...NOTIFICATION_DEFAULTS, announcements: 'yes' }],
    ['an unknown kind', { ...NOTIFICATION_DEFAULTS, sms: true }],
  ])('refuses %s (400) and changes nothing', async (_what, payload) => {
    const user = await ctx.signedInAs(['Sales Officer']);
    const res = await ctx.request({ method: 'PUT', url: '/api/me/notifications', cookie: user.cookie, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    const rows = await queryRows(ctx.handle.db, sql`select 1 from notification_preferences where user_id = ${user.id}`);
    expect(rows).toHaveLength(0);
  });
});

describe('notification mails', () => {
  let ctx: TestContext;
  let A: Factory;
  let B: Factory;
  let C: Factory;
  let senderA: SignedInUser;
  let confirmerB: SignedInUser;
  let optedOutB: SignedInUser;
  let couplerB: SignedInUser;
  let deactivatedB: SignedInUser;
  let managerC: SignedInUser;
  let admin: SignedInUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    A = await ctx.makeFactory();
    B = await ctx.makeFactory();
    C = await ctx.makeFactory();
    admin = await ctx.signedInAs(['Admin']);
    const at = (groups: Group[], f: Factory) => ctx.signedInAs(groups, { factoryId: f.id });
    senderA = await at(['Factory Manager'], A);
    confirmerB = await at(['Factory Manager'], B);
    optedOutB = await at(['Production Supervisor'], B);
    couplerB = await at(['Stove Coupler'], B);
    deactivatedB = await at(['Production Supervisor'], B);
    managerC = await at(['Factory Manager'], C);
    await setPrefs(ctx, optedOutB, { incomingTransfers: false });
    await deactivate(ctx, deactivatedB.id);
  });
  afterAll(async () => {
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.handle.db.delete(mailOutbox);
  });

  it('a sent stove transfer mails the destination’s users who may confirm it and chose it', async () => {
    const { transfer } = await sendTransfer(ctx, senderA, A, B, 3);
    const mails = await outbox(ctx);
    // Not: the opted-out user, the coupler (may not confirm), another factory's manager, the
    // global Admin without that factory, the deactivated user, the sender.
    expect(mails.map((m) => m.to)).toEqual([confirmerB.email]);
    const [mail] = mails;
    const number = transferNumberLabel(transfer.number);
    expect(mail?.subject).toBe(`Stove transfer ${number} from Factory ${A.code} is waiting for your confirmation`);
    expect(mail?.body).toContain(`sent 3 stove IDs to Factory ${B.code}`);
    expect(mail?.body).toContain('Note from the sender: Second batch for the month');
    expect(mail?.body).toContain(`${TEST_ORIGIN}/stove-id/transfer-confirmations/${transfer.id}`);
    expect(mail?.html).toContain(`href="${TEST_ORIGIN}/stove-id/transfer-confirmations/${transfer.id}"`);
    void couplerB;
    void deactivatedB;
    void managerC;
    void admin;
  });

  it('a failed send mails nothing (the mail is part of the change)', async () => {
    const res = await ctx.request({
      method: 'POST',
      url: '/api/stove-transfers',
      cookie: senderA.cookie,
      payload: { fromFactoryId: A.id, toFactoryId: B.id, codes: ['NOSUCH00001'], note: null },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await outbox(ctx)).toHaveLength(0);
  });

  it('confirming, partly confirming and rejecting mail the sender', async () => {
    const decide = async (transfer: StoveTransfer, action: 'confirm' | 'reject', payload: Record<string, unknown>) => {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/stove-transfers/${transfer.id}/${action}`,
        cookie: confirmerB.cookie,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const whole = (await sendTransfer(ctx, senderA, A, B, 2)).transfer;
    const part = await sendTransfer(ctx, senderA, A, B, 4);
    const refused = (await sendTransfer(ctx, senderA, A, B, 1)).transfer;
    await ctx.handle.db.delete(mailOutbox);

    await decide(whole, 'confirm', {});
    await decide(part.transfer, 'confirm', { codes: part.codes.slice(0, 3) });
    await decide(refused, 'reject', { reason: 'The labels are damaged' });
    const mails = await outbox(ctx);
    expect(mails.map((m) => m.to)).toEqual([senderA.email, senderA.email, senderA.email]);
    const n = (t: StoveTransfer) => transferNumberLabel(t.number);
    expect(mails.map((m) => m.subject)).toEqual([
      `Stove transfer ${n(whole)} to Factory ${B.code} was confirmed`,
      `Stove transfer ${n(part.transfer)} to Factory ${B.code} was partly confirmed`,
      `Stove transfer ${n(refused)} to Factory ${B.code} was rejected`,
    ]);
    expect(mails[1]?.body).toContain('confirmed that 3 stove IDs of 4 arrived');
    expect(mails[1]?.body).toContain(`The other 1 stove ID is back in stock at Factory ${A.code}`);
    expect(mails[2]?.body).toContain('Reason: The labels are damaged');
    expect(mails[0]?.body).toContain(`${TEST_ORIGIN}/stove-id/transfer-history/${whole.id}`);
  });

  it('no outcome mail to a sender who opted out or was deactivated', async () => {
    const quiet = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    await setPrefs(ctx, quiet, { transferOutcomes: false });
    const gone = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    const first = (await sendTransfer(ctx, quiet, A, B, 1)).transfer;
    const second = (await sendTransfer(ctx, gone, A, B, 1)).transfer;
    await deactivate(ctx, gone.id);
    await ctx.handle.db.delete(mailOutbox);
    for (const t of [first, second]) {
      const res = await ctx.request({
        method: 'POST',
        url: `/api/stove-transfers/${t.id}/confirm`,
        cookie: confirmerB.cookie,
        payload: {},
      });
      expect(res.statusCode).toBe(200);
    }
    expect(await outbox(ctx)).toHaveLength(0);
  });

  it('an announcement mails the users it is addressed to who chose announcements', async () => {
    const readerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
    const readerC = await ctx.signedInAs(['Factory Manager'], { factoryId: C.id });
    const supervisorB = await ctx.signedInAs(['Production Supervisor'], { factoryId: B.id });
    const silentB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
    const goneB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
    for (const u of [readerB, readerC, supervisorB, goneB]) await setPrefs(ctx, u, { announcements: true });
    await deactivate(ctx, goneB.id);
    void silentB;

    const res = await ctx.request({
      method: 'POST',
      url: '/api/announcements',
      cookie: admin.cookie,
      payload: {
        title: 'Stock count on Friday',
        body: 'Every factory counts its stoves on Friday.\n\nPlease be at work by 8.',
        audienceGroups: ['Factory Manager'],
        audienceFactoryIds: [B.id],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await outbox(ctx);
    // Not: another factory, another group, opted out (the default), deactivated, the author.
    expect(mails.map((m) => m.to)).toEqual([readerB.email]);
    expect(mails[0]?.subject).toBe('Announcement: Stock count on Friday');
    expect(mails[0]?.body).toContain('Please be at work by 8.');
    expect(mails[0]?.body).toContain(`${TEST_ORIGIN}/`);
  });

  it('a scheduled announcement is mailed once, when its time comes', async () => {
    const reader = await ctx.signedInAs(['Sales Officer'], { factoryId: C.id });
    await setPrefs(ctx, reader, { announcements: true });
    const res = await ctx.request({
      method: 'POST',
      url: '/api/announcements',
      cookie: admin.cookie,
      payload: {
        title: 'Price change next week',
        body: 'New prices apply from Monday.',
        audienceGroups: ['Sales Officer'],
        publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<{ id: string }>();
    await ctx.notificationJobs.tick();
    expect(await outbox(ctx)).toHaveLength(0);
    await ctx.handle.db.execute(
      sql`update announcements set publish_at = now() - interval '1 minute' where id = ${id}`,
    );
    await ctx.notificationJobs.tick();
    await ctx.notificationJobs.tick();
    const mails = await outbox(ctx);
    expect(mails.filter((m) => m.to === reader.email).map((m) => m.subject)).toEqual([
      'Announcement: Price change next week',
    ]);
  });

  describe('the daily low-stock digest', () => {
    // A fixed day, so the minute job (which reads the clock) never claims it first.
    const morning = new Date('2031-03-10T05:30:00Z'); // 08:30 in Nairobi
    const before = new Date('2031-03-11T03:30:00Z'); // 06:30 in Nairobi

    it('lists what is low in each user’s factories, once a day, after the set hour', async () => {
      await ctx.handle.db.execute(
        sql`insert into app_settings (key, value) values ('time_zone', 'Africa/Nairobi')
            on conflict (key) do update set value = excluded.value`,
      );
      const oil = await makeInventoryItem(ctx.handle.db, { name: 'Cooking oil for testing', reorderLevel: 10 });
      await giveInventory(ctx.handle.db, { factoryId: B.id, itemId: oil.id, quantity: 4 });
      await giveInventory(ctx.handle.db, { factoryId: C.id, itemId: oil.id, quantity: 50 });
      const [steel] = await queryRows<{ id: string }>(
        ctx.handle.db,
        sql`insert into steel_categories (name, grade, unit, reorder_level) values ('Sheet 1 mm for testing', 'mild', 'kg', 500) returning id`,
      );
      await ctx.handle.db.execute(
        sql`insert into steel_stock (factory_id, category_id, quantity) values (${B.id}, ${steel?.id}, 120)`,
      );
      const global = await ctx.signedInAs(['Senior Production Supervisor']);
      const managerB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
      const managerOfC = await ctx.signedInAs(['Factory Manager'], { factoryId: C.id });
      const notAsked = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
      const goneB = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
      for (const u of [global, managerB, managerOfC, goneB]) await setPrefs(ctx, u, { lowStockDigest: true });
      await deactivate(ctx, goneB.id);
      void notAsked;
      const mailing = { publicUrl: TEST_ORIGIN };

      expect(await runLowStockDigest(ctx.handle.db, mailing, 9, morning)).toBeNull(); // before 09:00
      expect(await outbox(ctx)).toHaveLength(0);
      const queued = await runLowStockDigest(ctx.handle.db, mailing, 8, morning);
      expect(await runLowStockDigest(ctx.handle.db, mailing, 8, morning)).toBeNull(); // once a day
      const mails = await outbox(ctx);
      expect(queued).toBe(mails.length);
      // Not: C's manager (nothing low at C), who did not ask, the deactivated user.
      const byTo = new Map(mails.map((m) => [m.to, m]));
      expect([...byTo.keys()].sort()).toEqual([global.email, managerB.email].sort());
      const all = byTo.get(global.email);
      expect(all?.subject).toMatch(/^Low stock on 2031-03-10: \d+ items? below reorder level$/);
      expect(all?.body).toContain(
        `Steel, Factory ${B.code}: Sheet 1 mm for testing (mild): 120 kg left (reorder at 500 kg)`,
      );
      expect(all?.body).toContain(`Inventory, Factory ${B.code}: Cooking oil for testing: 4`);
      expect(all?.body).not.toContain(`Factory ${C.code}: Cooking oil`);
      // The Factory Manager may not open steel: inventory only, linking to it.
      const mine = byTo.get(managerB.email);
      expect(mine?.body).not.toContain('Steel,');
      expect(mine?.body).toContain(`${TEST_ORIGIN}/inventory/management`);
      // The next morning, before the hour: nothing yet.
      expect(await runLowStockDigest(ctx.handle.db, mailing, 8, before)).toBeNull();
    });

    it('sends nothing when nothing is low', async () => {
      await ctx.handle.db.execute(sql`update inventory_items set reorder_level = 0`);
      await ctx.handle.db.execute(sql`update steel_categories set reorder_level = 0`);
      const day = new Date('2031-04-01T06:00:00Z');
      expect(await runLowStockDigest(ctx.handle.db, { publicUrl: TEST_ORIGIN }, 8, day)).toBe(0);
      expect(await outbox(ctx)).toHaveLength(0);
    });
  });
});

describe('notification mails through an SMTP server', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  it('each kind arrives with a plain-text and an HTML part that link to the record', async () => {
    const A = await ctx.makeFactory();
    const B = await ctx.makeFactory();
    const sender = await ctx.signedInAs(['Factory Manager'], { factoryId: A.id });
    const receiver = await ctx.signedInAs(['Factory Manager'], { factoryId: B.id });
    const admin = await ctx.signedInAs(['Admin']);
    await setPrefs(ctx, receiver, { announcements: true, lowStockDigest: true });

    const { transfer } = await sendTransfer(ctx, sender, A, B, 2);
    const rejected = await ctx.request({
      method: 'POST',
      url: `/api/stove-transfers/${transfer.id}/reject`,
      cookie: receiver.cookie,
      payload: { reason: 'Wrong stove model' },
    });
    expect(rejected.statusCode).toBe(200);
    const announced = await ctx.request({
      method: 'POST',
      url: '/api/announcements',
      cookie: admin.cookie,
      payload: { title: 'Holiday on Monday', body: 'The factories are closed <all day>.', audienceGroups: [] },
    });
    expect(announced.statusCode).toBe(201);
    const oil = await makeInventoryItem(ctx.handle.db, { name: 'Rivets', reorderLevel: 100 });
    await giveInventory(ctx.handle.db, { factoryId: B.id, itemId: oil.id, quantity: 20 });
    expect(
      await runLowStockDigest(ctx.handle.db, { publicUrl: TEST_ORIGIN }, 0, new Date('2031-05-05T12:00:00Z')),
    ).toBe(1);
    await ctx.mail.drain();

    const arrived = (subject: RegExp) => {
      const mail = smtp.received.find((m) => subject.test(m.subject ?? ''));
      if (!mail) throw new Error(`no mail like ${subject}`);
      return mail;
    };
    const cases = [
      {
        mail: arrived(/waiting for your confirmation/),
        to: receiver.email,
        link: `/stove-id/transfer-confirmations/${transfer.id}`,
      },
      { mail: arrived(/was rejected/), to: sender.email, link: `/stove-id/transfer-history/${transfer.id}` },
      { mail: arrived(/^Announcement: Holiday on Monday$/), to: receiver.email, link: '/' },
      { mail: arrived(/^Low stock on 2031-05-05/), to: receiver.email, link: '/inventory/management' },
    ];
    for (const { mail, to, link } of cases) {
      expect(recipientOf(mail)).toBe(to);
      const url = `${TEST_ORIGIN}${link}`;
      expect(textOf(mail)).toContain(url);
      expect(typeof mail.html).toBe('string');
      expect(mail.html).toContain(`href="${url}"`);
      expect(textOf(mail)).toContain('My account, under Notifications');
    }
    // HTML is escaped; the plain text keeps the words as written.
    const announcement = cases[2]?.mail;
    expect(announcement?.html).toContain('closed &lt;all day&gt;');
    expect(textOf(announcement!)).toContain('closed <all day>');
    // The links open the records for who got them.
    const opened = await ctx.request({
      method: 'GET',
      url: `/api/stove-transfers/${transfer.id}`,
      cookie: receiver.cookie,
    });
    expect(opened.statusCode).toBe(200);
  });
});
