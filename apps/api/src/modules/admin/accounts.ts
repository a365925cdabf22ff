import { schema, type Database } from '@verba/db';
import { ACCESS_TEXT, type AdminAccount } from '@verba/shared';
import { APIError } from 'better-auth/api';
import { count, desc, eq, max, sql } from 'drizzle-orm';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/errors.ts';
import type { MailMessage } from '../../lib/mail.ts';

/** A reset link works once, for one hour. */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

const FIRST_ADMIN = 'first-admin';

/**
 * Makes `userId` the admin when it is the first account the install ever created. The claim is a
 * row with a fixed key, so two first sign-ups at once cannot both win.
 */
export async function claimFirstAdmin(db: Database, userId: string): Promise<void> {
  const claimed = await db
    .insert(schema.installFacts)
    .values({ key: FIRST_ADMIN, value: userId })
    .onConflictDoNothing()
    .returning({ key: schema.installFacts.key });
  if (claimed.length > 0) {
    await db.update(schema.user).set({ role: 'admin' }).where(eq(schema.user.id, userId));
  }
}

/** Whether no account was ever created here: the first sign-up is then the admin's. */
export async function awaitingFirstAccount(db: Database): Promise<boolean> {
  const [fact] = await db
    .select({ key: schema.installFacts.key })
    .from(schema.installFacts)
    .where(eq(schema.installFacts.key, FIRST_ADMIN));
  return !fact;
}

/** better-auth's session hook: a disabled account is refused a session, however it signs in. */
export async function refuseDisabledAccount(db: Database, userId: string): Promise<void> {
  const [row] = await db
    .select({ disabledAt: schema.user.disabledAt })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (row?.disabledAt) {
    throw new APIError('FORBIDDEN', {
      code: 'ACCOUNT_DISABLED',
      message: ACCESS_TEXT.accountDisabled,
    });
  }
}

export const resetPasswordUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;

export function resetPasswordMail(publicUrl: string, to: string, token: string): MailMessage {
  return {
    to,
    subject: ACCESS_TEXT.mailResetSubject,
    text: [
      'Someone asked to reset the password of your Verba account.',
      '',
      'Open this link to choose a new one. It works once, within an hour:',
      resetPasswordUrl(publicUrl, token),
      '',
      'If it was not you, ignore this email: your password stays as it is.',
    ].join('\n'),
  };
}

/** Whether the signed-in user runs this install: the first account, or one in ADMIN_EMAILS. */
export async function isAdmin(
  { db, env }: { db: Database; env: Env },
  userId: string,
): Promise<boolean> {
  const [row] = await db
    .select({
      role: schema.user.role,
      email: schema.user.email,
      disabledAt: schema.user.disabledAt,
    })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (!row || row.disabledAt) return false;
  return row.role === 'admin' || env.ADMIN_EMAILS.includes(row.email.toLowerCase());
}

/** Every account, newest first, with what an admin needs to tell them apart. */
export async function listAccounts({
  db,
  env,
}: {
  db: Database;
  env: Env;
}): Promise<AdminAccount[]> {
  const u = schema.user;
  const lastActive = db
    .select({ userId: schema.session.userId, at: max(schema.session.updatedAt).as('at') })
    .from(schema.session)
    .groupBy(schema.session.userId)
    .as('last_active');
  const wordCounts = db
    .select({ userId: schema.words.userId, n: count().as('n') })
    .from(schema.words)
    .groupBy(schema.words.userId)
    .as('word_counts');
  const rows = await db
    .select({
      id: u.id,
      email: u.email,
      role: u.role,
      disabledAt: u.disabledAt,
      createdAt: u.createdAt,
      lastActiveAt: lastActive.at,
      words: sql<number>`coalesce(${wordCounts.n}, 0)`.mapWith(Number),
    })
    .from(u)
    .leftJoin(lastActive, eq(lastActive.userId, u.id))
    .leftJoin(wordCounts, eq(wordCounts.userId, u.id))
    .orderBy(desc(u.createdAt), u.id);
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    admin: row.role === 'admin' || env.ADMIN_EMAILS.includes(row.email.toLowerCase()),
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.lastActiveAt ? new Date(row.lastActiveAt).toISOString() : null,
    words: row.words,
  }));
}

const notYourself = () =>
  new ApiError('CONFLICT', 'You cannot disable or delete your own account from the admin page.');

/**
 * Disables or enables an account. Disabling ends every session it has: deleting the session rows
 * announces it to every process (migration 0001), and sign-in refuses it from then on.
 */
export async function setAccountDisabled(
  db: Database,
  adminId: string,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<void> {
  if (userId === adminId) throw notYourself();
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(schema.user)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(schema.user.id, userId))
      .returning({ id: schema.user.id });
    if (updated.length === 0) throw new ApiError('NOT_FOUND', 'Account not found');
    if (disabled) await tx.delete(schema.session).where(eq(schema.session.userId, userId));
  });
}

/** The account to act on, or a 404; an admin cannot act on their own account here. */
export async function accountForAdmin(db: Database, adminId: string, userId: string) {
  if (userId === adminId) throw notYourself();
  const [row] = await db
    .select({ id: schema.user.id, email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, userId));
  if (!row) throw new ApiError('NOT_FOUND', 'Account not found');
  return row;
}
