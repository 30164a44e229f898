import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxSchema } from '../../../common/contracts/mail';
import { mailOutbox } from '../../db/schema/operations';
import { startTestSmtpServer, recipientOf, textOf, type TestSmtpServer } from '../../test/smtp-server';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertMail, trimOutbox } from './mail.repository';
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from './mail.service';

describe('retryDelayMs', () => {
  it('waits 30 s after the first failed try, twice as long each time, at most an hour, then gives up', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelayMs)).toEqual([
      30_000, 60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000,
    ]);
    expect(retryDelayMs(MAIL_MAX_ATTEMPTS)).toBeNull();
    expect(MAIL_MAX_ATTEMPTS).toBe(8);
  });
});

describe('mail through an SMTP server', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let admin: { cookie: string };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Stove Office <office@example.com>' });
    admin = await ctx.signedInAs(['Admin']);
  });
  afterAll(async () => {
    await ctx.close();
    await smtp.close();
  });

  const outbox = async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/mail/outbox', cookie: admin.cookie });
    expect(res.statusCode).toBe(200);
    return outboxSchema.parse(res.json());
  };
  const row = async (id: string) => {
    const [found] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!found) throw new Error('no such mail');
    return found;
  };

  it('sends a mail queued in a transaction once it commits, once, and the Outbox shows it sent', async () => {
    const before = smtp.received.length;
    const id = await ctx.handle.db.transaction((tx) =>
      insertMail(tx, { to: 'wanjiru@example.com', subject: 'Hello from the office', body: 'Line one\nLine two' }),
    );
    await ctx.mail.drain();
    await ctx.mail.drain();
    const arrived = smtp.received.slice(before);
    expect(arrived).toHaveLength(1);
    const [mail] = arrived;
    if (!mail) throw new Error('nothing arrived');
    expect(recipientOf(mail)).toBe('wanjiru@example.com');
    expect(mail.subject).toBe('Hello from the office');
    expect(textOf(mail).trim()).toBe('Line one\nLine two');
    expect(mail.from?.value[0]).toMatchObject({ address: 'office@example.com', name: 'Stove Office' });

    const listed = await outbox();
    expect(listed.delivery).toBe('smtp');
    expect(listed.items.find((m) => m.id === id)).toMatchObject({
      to: 'wanjiru@example.com',
      subject: 'Hello from the office',
      body: 'Line one\nLine two',
      status: 'sent',
      attempts: 1,
      lastError: null,
    });
  });

  it('sends nothing for a change that was rolled back', async () => {
    const before = smtp.received.length;
    await expect(
      ctx.handle.db.transaction(async (tx) => {
        await insertMail(tx, { to: 'otieno@example.com', subject: 'Never sent', body: 'x' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await ctx.mail.drain();
    expect(smtp.received.length).toBe(before);
    expect((await outbox()).items.some((m) => m.subject === 'Never sent')).toBe(false);
  });

  it('a refused send waits and is tried again; the mail arrives on the next try', async () => {
    const before = smtp.received.length;
    smtp.refuseNext(1);
    const id = await insertMail(ctx.handle.db, { to: 'achieng@example.com', subject: 'Second try', body: 'x' });
    await ctx.mail.drain();
    expect(smtp.received.length).toBe(before);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.lastError).toMatch(/Mailbox busy/);
    // The next try is about 30 s away: not tried again at once.
    const [wait] = await ctx.handle.db
      .select({ seconds: sql<number>`extract(epoch from ${mailOutbox.nextAttemptAt} - now())::float` })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id));
    expect(wait?.seconds).toBeGreaterThan(20);
    expect(wait?.seconds).toBeLessThanOrEqual(30);
    await ctx.mail.drain();
    expect(smtp.received.length).toBe(before);

    await ctx.handle.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, id));
    await ctx.mail.drain();
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Second try']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });

  it('gives a mail up after the last try, saying why in the Outbox', async () => {
    smtp.refuseNext(1);
    const id = await insertMail(ctx.handle.db, { to: 'kamau@example.com', subject: 'Last try', body: 'x' });
    await ctx.handle.db
      .update(mailOutbox)
      .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
      .where(eq(mailOutbox.id, id));
    await ctx.mail.drain();
    expect(await row(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    const listed = (await outbox()).items.find((m) => m.id === id);
    expect(listed?.status).toBe('failed');
    expect(listed?.lastError).toMatch(/Mailbox busy/);
  });

  it('takes again a mail whose sending instance stopped (its claim lapsed)', async () => {
    const before = smtp.received.length;
    const id = await insertMail(ctx.handle.db, { to: 'njeri@example.com', subject: 'Claim lapsed', body: 'x' });
    await ctx.handle.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, id));
    await ctx.mail.drain();
    expect(smtp.received.slice(before).map((m) => m.subject)).toEqual(['Claim lapsed']);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('keeps the newest 200 sent or failed mails, and every mail still to send', async () => {
    await ctx.handle.db.delete(mailOutbox);
    await ctx.handle.db.execute(sql`insert into mail_outbox ("to", subject, body, status, created_at)
      select 'old@example.com', 'Old ' || n, 'x', 'sent', now() - (n || ' minutes')::interval
      from generate_series(1, 210) n`);
    await ctx.handle.db.execute(sql`insert into mail_outbox ("to", subject, body, status, next_attempt_at, created_at)
      values ('later@example.com', 'Still to send', 'x', 'queued', now() + interval '1 hour', now() - interval '1 day')`);
    await trimOutbox(ctx.handle.db);
    const rows = await ctx.handle.db.select({ subject: mailOutbox.subject }).from(mailOutbox);
    // The newest 200 (Old 1 to Old 200) and the older mail still to send.
    expect(rows).toHaveLength(201);
    expect(rows.some((r) => r.subject === 'Still to send')).toBe(true);
    expect(rows.some((r) => r.subject === 'Old 200')).toBe(true);
    expect(rows.some((r) => r.subject === 'Old 201')).toBe(false);
    const listed = await outbox();
    expect(listed.items).toHaveLength(200);
    expect(listed.items[0]?.subject).toBe('Old 1');
  });

  it('shows the Outbox to the Admin group only', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/mail/outbox' });
    expect(res.statusCode).toBe(401);
    // A Sales Officer given User Management still is not an Admin.
    const grant = await ctx.request({
      method: 'PUT',
      url: '/api/group-permissions',
      cookie: admin.cookie,
      payload: { group: 'Sales Officer', component: 'user-management', granted: true },
    });
    expect(grant.statusCode).toBe(200);
    const officer = await ctx.signedInAs(['Sales Officer']);
    const refused = await ctx.request({ method: 'GET', url: '/api/mail/outbox', cookie: officer.cookie });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });
});

describe('mail without SMTP_URL (the demo)', () => {
  let ctx: TestContext;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(
      {},
      { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } },
    );
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('writes the mail to the server log and keeps it in the Outbox', async () => {
    const admin = await ctx.signedInAs(['Admin']);
    const id = await insertMail(ctx.handle.db, {
      to: 'demo@example.com',
      subject: 'Demo mail',
      body: 'Open http://localhost:3000/somewhere',
    });
    await ctx.mail.drain();
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; mail?: Record<string, string> });
    expect(logged.find((l) => l.mail?.subject === 'Demo mail')).toMatchObject({
      mail: { to: 'demo@example.com', subject: 'Demo mail', body: 'Open http://localhost:3000/somewhere' },
    });
    const res = await ctx.request({ method: 'GET', url: '/api/mail/outbox', cookie: admin.cookie });
    const listed = outboxSchema.parse(res.json());
    expect(listed.delivery).toBe('log');
    expect(listed.items.find((m) => m.id === id)).toMatchObject({
      status: 'sent',
      body: 'Open http://localhost:3000/somewhere',
    });
  });
});
