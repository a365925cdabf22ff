import { ACCESS_TEXT } from '@verba/shared';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from './errors.ts';
import type { SignedInSession } from './sessions.ts';

/**
 * Checks the request's session once and sends on any cookie better-auth set while checking a
 * live session (a sliding expiry that was extended).
 */
export async function checkSession(c: Context<AppEnv>): Promise<SignedInSession | null> {
  const { sessions } = c.get('services');
  const { session, setCookies, cached } = await sessions.check(c.req.raw.headers);
  for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
  c.get('logger').debug({ sessionCache: cached ? 'hit' : 'miss', ...sessions.stats() }, 'session');
  return session;
}

/**
 * The gate of the signed-in router (app.ts): every route behind it knows who is asking, and
 * everything it reads is scoped to that user. With REQUIRE_EMAIL_VERIFICATION, a learner whose
 * address is not confirmed yet is refused with EMAIL_NOT_VERIFIED (the app shows "check your
 * email").
 */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const session = await checkSession(c);
  if (!session) {
    // A path that no endpoint answers is a 404 whoever asks; only endpoints say 401.
    const endpointFollows = matchedRoutes(c)
      .slice(c.req.routeIndex + 1)
      .some((route) => route.method !== 'ALL' && !route.path.includes('*'));
    throw endpointFollows
      ? new ApiError('UNAUTHORIZED', 'Not authenticated')
      : new ApiError('NOT_FOUND', 'No such API route');
  }
  if (!session.emailVerified && c.get('services').env.REQUIRE_EMAIL_VERIFICATION) {
    throw new ApiError('EMAIL_NOT_VERIFIED', ACCESS_TEXT.verifyNeeded);
  }
  c.set('user', session.user);
  await next();
});
