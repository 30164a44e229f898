/** Invitations: one live link per user (table user_invitations), found by its token's hash. */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles, userInvitations } from '../../db/schema/core';

/** Stores the user's invitation, replacing any earlier one (whose link then stops working). */
export async function replaceInvitation(
  db: Executor,
  invitation: { userId: string; tokenHash: string; sentBy: string | null; expiresAt: Date },
): Promise<void> {
  await db
    .insert(userInvitations)
    .values(invitation)
    .onConflictDoUpdate({
      target: userInvitations.userId,
      set: {
        tokenHash: invitation.tokenHash,
        sentBy: invitation.sentBy,
        expiresAt: invitation.expiresAt,
        sentAt: new Date(),
      },
    });
}

/** Deletes the user's invitation, if any; true when there was one. */
export async function deleteInvitation(db: Executor, userId: string): Promise<boolean> {
  const removed = await db
    .delete(userInvitations)
    .where(eq(userInvitations.userId, userId))
    .returning({ userId: userInvitations.userId });
  return removed.length > 0;
}

function selectLiveInvitation(db: Executor, tokenHash: string) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: sql<string>`coalesce(${profiles.name}, ${users.name})`,
      expiresAt: userInvitations.expiresAt,
    })
    .from(userInvitations)
    .innerJoin(users, eq(users.id, userInvitations.userId))
    .innerJoin(profiles, eq(profiles.id, userInvitations.userId))
    .where(
      and(
        eq(userInvitations.tokenHash, tokenHash),
        gt(userInvitations.expiresAt, new Date()),
        eq(profiles.active, true),
      ),
    );
}

export interface LiveInvitation {
  userId: string;
  email: string;
  name: string;
  expiresAt: Date;
}

/** The live (unexpired) invitation of this token, for an active user; null when none. */
export async function findLiveInvitation(db: Executor, tokenHash: string): Promise<LiveInvitation | null> {
  const [row] = await selectLiveInvitation(db, tokenHash);
  return row ?? null;
}

/** As findLiveInvitation, the invitation row locked until the transaction ends (it is used once). */
export async function lockLiveInvitation(db: Executor, tokenHash: string): Promise<LiveInvitation | null> {
  const [row] = await selectLiveInvitation(db, tokenHash).for('update', { of: userInvitations });
  return row ?? null;
}
