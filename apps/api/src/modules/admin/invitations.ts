import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { schema, type Database } from '@verba/db';
import {
  ACCESS_TEXT,
  type CreateInvitationInput,
  type InvitationView,
  type IssuedLink,
} from '@verba/shared';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import { ApiError } from '../../lib/errors.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Only the token's hash is stored: a copy of the database cannot be used to sign up. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const invitationUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/auth/signup?invite=${encodeURIComponent(token)}`;

export async function createInvitation(
  db: Database,
  publicUrl: string,
  adminId: string,
  input: CreateInvitationInput,
  now: Date,
): Promise<IssuedLink & { invitation: InvitationView }> {
  const token = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + input.expiresInDays * DAY_MS);
  const [row] = await db
    .insert(schema.invitations)
    .values({
      id: randomUUID(),
      tokenHash: hashOf(token),
      createdBy: adminId,
      maxUses: input.maxUses,
      expiresAt,
      createdAt: now,
    })
    .returning();
  if (!row) throw new ApiError('INTERNAL_ERROR', 'The invitation was not saved');
  return {
    url: invitationUrl(publicUrl, token),
    expiresAt: expiresAt.toISOString(),
    invitation: view(row),
  };
}

/** Invitations that can still be used, newest first. */
export async function listInvitations(db: Database, now: Date): Promise<InvitationView[]> {
  const i = schema.invitations;
  const rows = await db
    .select()
    .from(i)
    .where(and(gt(i.expiresAt, now), lt(i.uses, i.maxUses)))
    .orderBy(desc(i.createdAt));
  return rows.map(view);
}

export async function revokeInvitation(db: Database, id: string): Promise<void> {
  const deleted = await db
    .delete(schema.invitations)
    .where(eq(schema.invitations.id, id))
    .returning({ id: schema.invitations.id });
  if (deleted.length === 0) throw new ApiError('NOT_FOUND', 'Invitation not found');
}

/**
 * Takes one use of an invitation for a sign-up under way, in one statement so parallel sign-ups
 * cannot overrun it. Returns a function that gives the use back should the sign-up fail.
 */
export async function takeInvitation(
  db: Database,
  token: string | undefined,
  now: Date,
): Promise<() => Promise<void>> {
  const i = schema.invitations;
  const taken = token
    ? await db
        .update(i)
        .set({ uses: sql`${i.uses} + 1` })
        .where(and(eq(i.tokenHash, hashOf(token)), gt(i.expiresAt, now), lt(i.uses, i.maxUses)))
        .returning({ id: i.id })
    : [];
  const id = taken[0]?.id;
  if (!id) {
    throw new ApiError(
      'FORBIDDEN',
      token ? ACCESS_TEXT.invitationInvalid : ACCESS_TEXT.signupNeedsInvitation,
    );
  }
  return async () => {
    await db
      .update(i)
      .set({ uses: sql`greatest(${i.uses} - 1, 0)` })
      .where(eq(i.id, id));
  };
}

/** Whether an invitation link can still be used, for the sign-up page to say so at once. */
export async function invitationUsable(db: Database, token: string, now: Date): Promise<boolean> {
  const i = schema.invitations;
  const [row] = await db
    .select({ id: i.id })
    .from(i)
    .where(and(eq(i.tokenHash, hashOf(token)), gt(i.expiresAt, now), lt(i.uses, i.maxUses)));
  return Boolean(row);
}

function view(row: typeof schema.invitations.$inferSelect): InvitationView {
  return {
    id: row.id,
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
