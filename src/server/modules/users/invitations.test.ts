/**
 * Invitations (issue 25): POST /api/users with `invite`, POST /api/users/:id/invitation, and the link's
 * GET/POST /api/auth/invitation, against a real SMTP server whose mails are parsed and followed.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_LINK_INVALID } from '../../../common/contracts/invitations';
import { CHOOSE_PASSWORD_OR_INVITE } from '../../../common/contracts/users';
import { DEFAULT_BASE_ACCESS, GROUPS, type Group } from '../../../common/permissions';
import { userInvitations } from '../../db/schema/core';
import { mailOutbox } from '../../db/schema/operations';
import { auditRows, countRows, countUsersWithEmail } from '../../test/db-assert';
import { recipientOf, startTestSmtpServer, textOf, type TestSmtpServer } from '../../test/smtp-server';
import { createTestContext, TEST_ORIGIN, TEST_PASSWORD, type ErrorBody, type TestContext } from '../../test/test-app';
import { invitationTokenHash } from './invitations.service';

const CHOSEN_PASSWORD = 'my-own-stove-passphrase';

interface UserBody {
  id: string;
  email: string;
  active: boolean;
  passwordSet: boolean;
  invitationExpiresAt: string | null;
}

let smtp: TestSmtpServer;
let ctx: TestContext;
let admin: { id: string; cookie: string };

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  admin = await ctx.signedInAs(['Admin']);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const newEmail = () => `invited-${randomUUID()}@example.com`;
const post = (url: string, payload?: Record<string, unknown>, cookie: string | null = admin.cookie) =>
  ctx.request({ method: 'POST', url, ...(payload ? { payload } : {}), ...(cookie ? { cookie } : {}) });
const invite = (email: string, cookie: string | null = admin.cookie) =>
  post('/api/users', { email, name: 'Grace Wanjiku', groups: ['Stove Coupler'], invite: true }, cookie);
const getUser = async (id: string) =>
  (await ctx.request({ method: 'GET', url: `/api/users/${id}`, cookie: admin.cookie })).json<UserBody>();
const lookUp = (token: string) =>
  ctx.request({ method: 'GET', url: `/api/auth/invitation?token=${encodeURIComponent(token)}` });
const accept = (payload: Record<string, unknown>) => post('/api/auth/invitation', payload, null);

/** The token of the one invitation mail that arrived for `email` since `before` mails. */
async function mailedToken(email: string, before: number): Promise<string> {
  await ctx.mail.drain();
  const mails = smtp.received.slice(before).filter((m) => recipientOf(m) === email);
  expect(mails).toHaveLength(1);
  const link = /(\S+\/invitation\?token=)([\w%-]+)/.exec(textOf(mails[0]!));
  if (!link?.[2]) throw new Error(`no link in: ${textOf(mails[0]!)}`);
  expect(link[1]).toBe(`${TEST_ORIGIN}/invitation?token=`);
  return decodeURIComponent(link[2]);
}

/** Invites a new user; returns their id, email and the mailed link's token. */
async function invited(): Promise<{ id: string; email: string; token: string }> {
  const email = newEmail();
  const before = smtp.received.length;
  const res = await invite(email);
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ id: string }>();
  return { id, email, token: await mailedToken(email, before) };
}

describe('inviting a user', () => {
  it('creates the user without a password and mails a link valid 72 hours, in plain words', async () => {
    const email = newEmail();
    const before = smtp.received.length;
    const res = await invite(email.toUpperCase());
    expect(res.statusCode).toBe(201);
    const created = res.json<{ id: string; email: string; invitationExpiresAt: string }>();
    expect(created.email).toBe(email);
    const hours = (new Date(created.invitationExpiresAt).getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);

    await ctx.mail.drain();
    const [mail] = smtp.received.slice(before).filter((m) => recipientOf(m) === email);
    expect(mail?.subject).toBe('You are invited to the Stove Back Office');
    expect(mail?.text).toBeTruthy();
    const text = textOf(mail!);
    expect(text).toMatch(/^Hello Grace Wanjiku,/);
    expect(text).toContain(`You will sign in with this email address: ${email}`);
    expect(text).toMatch(/It works once, within 72 hours/);
    expect(text).toMatch(/ask your administrator to send you a new invitation/);

    expect(await getUser(created.id)).toMatchObject({
      active: true,
      passwordSet: false,
      invitationExpiresAt: created.invitationExpiresAt,
    });
    // No password signs them in meanwhile.
    for (const password of [TEST_PASSWORD, '', CHOSEN_PASSWORD]) {
      await expect(ctx.signIn(email, password)).rejects.toThrow(/sign-in failed: (400|401)/);
    }
    expect(await auditRows(ctx.handle.db, 'create', created.id)).toHaveLength(1);
    const [sent] = await auditRows(ctx.handle.db, 'invitation_sent', created.id);
    expect(sent).toMatchObject({ actorId: admin.id, after: { email, resent: false } });
  });

  it('the link greets the person, sets their own password once and is audited; they then sign in', async () => {
    const user = await invited();
    const greeting = await lookUp(user.token);
    expect(greeting.statusCode).toBe(200);
    expect(greeting.json()).toEqual({
      name: 'Grace Wanjiku',
      email: user.email,
      expiresAt: expect.any(String) as string,
    });
    // The database keeps only a hash of the link's token.
    expect(await countRows(ctx.handle.db, userInvitations, eq(userInvitations.tokenHash, user.token))).toBe(0);
    expect(
      await countRows(ctx.handle.db, userInvitations, eq(userInvitations.tokenHash, invitationTokenHash(user.token))),
    ).toBe(1);

    const res = await accept({ token: user.token, newPassword: CHOSEN_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email });
    expect(await ctx.signIn(user.email, CHOSEN_PASSWORD)).toMatch(/session_token/);
    expect(await getUser(user.id)).toMatchObject({ passwordSet: true, invitationExpiresAt: null });
    const [accepted] = await auditRows(ctx.handle.db, 'invitation_accepted', user.id);
    expect(accepted).toMatchObject({ actorId: user.id, recordType: 'user' });

    const again = await accept({ token: user.token, newPassword: 'someone-elses-passphrase' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ErrorBody>().error).toMatchObject({ code: 'INVALID_TOKEN', message: INVITATION_LINK_INVALID });
    expect((await lookUp(user.token)).statusCode).toBe(404);
    expect(await ctx.signIn(user.email, CHOSEN_PASSWORD)).toMatch(/session_token/);
  });

  it('refuses the link after 72 hours', async () => {
    const user = await invited();
    await ctx.handle.db
      .update(userInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(userInvitations.userId, user.id));
    const looked = await lookUp(user.token);
    expect(looked.statusCode).toBe(404);
    expect(looked.json<ErrorBody>().error).toMatchObject({ code: 'INVALID_TOKEN', message: INVITATION_LINK_INVALID });
    const res = await accept({ token: user.token, newPassword: CHOSEN_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().error.code).toBe('INVALID_TOKEN');
    // Still invited (the list says the link expired), still no password.
    expect(await getUser(user.id)).toMatchObject({
      passwordSet: false,
      invitationExpiresAt: expect.any(String) as string,
    });
    await expect(ctx.signIn(user.email, CHOSEN_PASSWORD)).rejects.toThrow(/401/);
  });

  it('sending again mails a new link and the old one stops working', async () => {
    const user = await invited();
    const before = smtp.received.length;
    const res = await post(`/api/users/${user.id}/invitation`);
    expect(res.statusCode).toBe(200);
    expect(res.json<UserBody>()).toMatchObject({ id: user.id, passwordSet: false });
    const newToken = await mailedToken(user.email, before);
    expect(newToken).not.toBe(user.token);
    expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(400);
    const sent = await auditRows(ctx.handle.db, 'invitation_sent', user.id);
    expect(sent.map((a) => (a.after as { resent: boolean }).resent).sort()).toEqual([false, true]);
    expect((await accept({ token: newToken, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(200);
    expect(await ctx.signIn(user.email, CHOSEN_PASSWORD)).toMatch(/session_token/);
  });

  it('refuses to send again to a user with a password (409), a deactivated one (409) or nobody (404)', async () => {
    const withPassword = await ctx.makeUser(['Sales Officer']);
    const queued = await countRows(ctx.handle.db, mailOutbox);
    const has = await post(`/api/users/${withPassword.id}/invitation`);
    expect(has.statusCode).toBe(409);
    expect(has.json<ErrorBody>().error.message).toMatch(/already has a password/);
    const user = await invited();
    expect((await post(`/api/users/${user.id}/deactivate`)).statusCode).toBe(200);
    const off = await post(`/api/users/${user.id}/invitation`);
    expect(off.statusCode).toBe(409);
    expect(off.json<ErrorBody>().error.message).toMatch(/deactivated/);
    expect((await post(`/api/users/${randomUUID()}/invitation`)).statusCode).toBe(404);
    expect((await post('/api/users/not-an-id/invitation')).statusCode).toBe(400);
    // Only the invitation of `invited()` was queued.
    expect(await countRows(ctx.handle.db, mailOutbox)).toBe(queued + 1);
  });

  it('deactivating the user revokes the link; after reactivating, an Admin sends a new one', async () => {
    const user = await invited();
    expect((await post(`/api/users/${user.id}/deactivate`)).statusCode).toBe(200);
    expect((await lookUp(user.token)).statusCode).toBe(404);
    expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(400);
    const [deactivation] = await auditRows(ctx.handle.db, 'deactivate', user.id);
    expect(deactivation?.after).toMatchObject({ active: false, invitationExpiresAt: null });

    const back = await post(`/api/users/${user.id}/reactivate`);
    expect(back.json<UserBody>()).toMatchObject({ active: true, passwordSet: false, invitationExpiresAt: null });
    expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(400);
    const before = smtp.received.length;
    expect((await post(`/api/users/${user.id}/invitation`)).statusCode).toBe(200);
    const token = await mailedToken(user.email, before);
    expect((await accept({ token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(200);
  });

  it('an Admin setting the password instead revokes the link', async () => {
    const user = await invited();
    expect((await post(`/api/users/${user.id}/password`, { password: 'admin-chosen-passphrase' })).statusCode).toBe(
      204,
    );
    expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(400);
    expect(await getUser(user.id)).toMatchObject({ passwordSet: true, invitationExpiresAt: null });
    expect(await ctx.signIn(user.email, 'admin-chosen-passphrase')).toMatch(/session_token/);
  });

  it('two tabs accepting at once: one sets the password, the other is told the link was used', async () => {
    const user = await invited();
    const results = await Promise.all([
      accept({ token: user.token, newPassword: CHOSEN_PASSWORD }),
      accept({ token: user.token, newPassword: 'the-other-tab-passphrase' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await auditRows(ctx.handle.db, 'invitation_accepted', user.id)).toHaveLength(1);
  });

  it('accepting while an Admin sends again: one wins, never a password beside a live link', async () => {
    for (let round = 0; round < 3; round++) {
      const user = await invited();
      const [accepted, resent] = await Promise.all([
        accept({ token: user.token, newPassword: CHOSEN_PASSWORD }),
        post(`/api/users/${user.id}/invitation`),
      ]);
      const after = await getUser(user.id);
      if (accepted.statusCode === 200) {
        expect(resent.statusCode).toBe(409);
        expect(after).toMatchObject({ passwordSet: true, invitationExpiresAt: null });
      } else {
        expect([accepted.statusCode, resent.statusCode]).toEqual([400, 200]);
        expect(after).toMatchObject({ passwordSet: false, invitationExpiresAt: expect.any(String) as string });
      }
    }
  });

  it('400 for bad input, changing nothing; a refused password leaves the link working', async () => {
    const neither = newEmail();
    const none = await post('/api/users', { email: neither, name: 'No Way In', groups: ['Stove Coupler'] });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorBody>().error.details?.fieldErrors?.password).toEqual([CHOOSE_PASSWORD_OR_INVITE]);
    const both = await post('/api/users', {
      email: neither,
      name: 'Both Ways',
      groups: ['Stove Coupler'],
      password: CHOSEN_PASSWORD,
      invite: true,
    });
    expect(both.statusCode).toBe(400);
    expect(both.json<ErrorBody>().error.details?.fieldErrors?.password).toBeDefined();
    expect((await post('/api/users', { email: neither, name: 'X', groups: [], invite: true })).statusCode).toBe(400);
    expect((await post('/api/users', { email: neither, name: 'X', groups: ['Admin'], invite: 'yes' })).statusCode).toBe(
      400,
    );
    expect(await countUsersWithEmail(ctx.handle.db, neither)).toBe(0);

    expect((await ctx.request({ method: 'GET', url: '/api/auth/invitation' })).statusCode).toBe(400);
    expect((await lookUp('x'.repeat(201))).statusCode).toBe(400);
    expect((await lookUp('made-up')).statusCode).toBe(404);
    expect((await accept({ newPassword: CHOSEN_PASSWORD })).statusCode).toBe(400);
    expect((await accept({ token: 'made-up', newPassword: CHOSEN_PASSWORD })).json<ErrorBody>().error.code).toBe(
      'INVALID_TOKEN',
    );
    const user = await invited();
    const short = await accept({ token: user.token, newPassword: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json<ErrorBody>().error.details?.fieldErrors?.newPassword).toBeDefined();
    const weak = await accept({ token: user.token, newPassword: 'password123' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ErrorBody>().error.details?.fieldErrors?.newPassword).toBeDefined();
    const named = await accept({ token: user.token, newPassword: `${user.email.split('@')[0]}-stoves` });
    expect(named.statusCode).toBe(400);
    expect(await getUser(user.id)).toMatchObject({ passwordSet: false });
    expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(200);
  });

  it('an invited user who uses "Forgot password?" instead has no use for the invitation any more', async () => {
    const user = await invited();
    const before = smtp.received.length;
    expect((await post('/api/auth/recover', { email: user.email }, null)).statusCode).toBe(200);
    await ctx.mail.drain();
    const [mail] = smtp.received.slice(before).filter((m) => recipientOf(m) === user.email);
    const recoveryToken = /\/recover\?token=([\w-]+)/.exec(textOf(mail!))?.[1];
    expect(recoveryToken).toBeDefined();
    const recovered = await post(
      '/api/auth/recover/password',
      { token: recoveryToken, newPassword: CHOSEN_PASSWORD },
      null,
    );
    expect(recovered.statusCode).toBe(200);
    expect(await getUser(user.id)).toMatchObject({ passwordSet: true, invitationExpiresAt: null });
    expect((await accept({ token: user.token, newPassword: 'another-passphrase-here' })).statusCode).toBe(400);
  });
});

describe('who may invite', () => {
  const WITHOUT_USER_MANAGEMENT = GROUPS.filter((g) => !DEFAULT_BASE_ACCESS['user-management'].includes(g));

  it('401 when signed out; nothing is created or mailed', async () => {
    const user = await invited();
    const queued = await countRows(ctx.handle.db, mailOutbox);
    const email = newEmail();
    expect((await invite(email, null)).statusCode).toBe(401);
    expect((await post(`/api/users/${user.id}/invitation`, undefined, null)).statusCode).toBe(401);
    expect(await countUsersWithEmail(ctx.handle.db, email)).toBe(0);
    expect(await countRows(ctx.handle.db, mailOutbox)).toBe(queued);
  });

  it.each(WITHOUT_USER_MANAGEMENT.map((g) => [g]))(
    '%s gets 403 inviting and sending again; nothing is created or mailed',
    async (group: Group) => {
      const caller = await ctx.signedInAs([group]);
      const user = await invited();
      const queued = await countRows(ctx.handle.db, mailOutbox);
      const email = newEmail();
      const created = await invite(email, caller.cookie);
      expect(created.statusCode).toBe(403);
      expect(created.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      const resent = await post(`/api/users/${user.id}/invitation`, undefined, caller.cookie);
      expect(resent.statusCode).toBe(403);
      expect(resent.json<ErrorBody>().error.code).toBe('FORBIDDEN');
      expect(await countUsersWithEmail(ctx.handle.db, email)).toBe(0);
      expect(await countRows(ctx.handle.db, mailOutbox)).toBe(queued);
      expect((await accept({ token: user.token, newPassword: CHOSEN_PASSWORD })).statusCode).toBe(200);
    },
  );
});
