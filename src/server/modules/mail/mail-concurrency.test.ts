/**
 * PostgreSQL only (PGlite has one connection, so nothing runs concurrently there): two instances'
 * mail workers, each on its own connection pool, drain one queue at once, and every mail reaches
 * the SMTP server exactly once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import { mailOutbox } from '../../db/schema/operations';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { createTestContext, type TestContext } from '../../test/test-app';
import { insertMail } from './mail.repository';
import { Mailer, mailSettings } from './mail.service';

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('two mail workers on one queue', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let second: DatabaseHandle;
  let otherWorker: Mailer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    ctx = await createTestContext({ SMTP_URL: smtp.url });
    // Another instance: its own pool on the same database, its own worker.
    second = await openDatabase({ url: ctx.handle.url, poolSize: 4 });
    otherWorker = new Mailer(second.db, mailSettings(ctx.config), ctx.app.log);
  });
  afterAll(async () => {
    await otherWorker.close();
    await second.close();
    await ctx.close();
    await smtp.close();
  });

  it('send each mail once (repeated)', async () => {
    for (let round = 0; round < 3; round++) {
      const before = smtp.received.length;
      const subjects = Array.from({ length: 40 }, (_, i) => `Round ${round} mail ${i}`);
      await ctx.handle.db.transaction(async (tx) => {
        for (const subject of subjects) await insertMail(tx, { to: 'queue@example.com', subject, body: subject });
      });
      await Promise.all([ctx.mail.drain(), otherWorker.drain(), ctx.mail.drain(), otherWorker.drain()]);
      const arrived = smtp.received.slice(before).map((m) => m.subject);
      expect(arrived).toHaveLength(subjects.length);
      expect(new Set(arrived)).toEqual(new Set(subjects));
    }
    const rows = await ctx.handle.db
      .select({ status: mailOutbox.status, attempts: mailOutbox.attempts })
      .from(mailOutbox);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });
});
