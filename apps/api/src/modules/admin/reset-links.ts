import { randomBytes } from 'node:crypto';
import { schema, type Database } from '@verba/db';
import { and, eq, isNull } from 'drizzle-orm';
import type { Auth } from '../../auth.ts';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/errors.ts';
import { PASSWORD_RESET_TTL_SECONDS, resetPasswordUrl } from './accounts.ts';

/**
 * A one-time reset link for an account, for installs without mail: the admin hands it over. It is
 * better-auth's own reset token, so the reset page treats it exactly like a mailed one.
 */
export async function issueResetLink(
  { auth, env, db }: { auth: Auth; env: Env; db: Database },
  userId: string,
  now: Date,
): Promise<{ url: string; expiresAt: string }> {
  const [active] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(and(eq(schema.user.id, userId), isNull(schema.user.disabledAt)));
  if (!active) throw new ApiError('CONFLICT', 'Enable the account before issuing a reset link.');
  const token = randomBytes(18).toString('base64url');
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_SECONDS * 1000);
  const context = await auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt,
  });
  return { url: resetPasswordUrl(env.PUBLIC_URL, token), expiresAt: expiresAt.toISOString() };
}
