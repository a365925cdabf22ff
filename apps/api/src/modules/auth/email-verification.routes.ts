import { createRoute, z } from '@hono/zod-openapi';
import { schema } from '@verba/db';
import {
  ACCESS_TEXT,
  verifyEmailResultSchema,
  verifyEmailSchema,
  type VerifyEmailResult,
} from '@verba/shared';
import { eq } from 'drizzle-orm';
import { clientIp } from '../../lib/client-ip.ts';
import { ApiError } from '../../lib/errors.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { consumeRateLimit, type Limit } from '../../lib/rate-limit.ts';
import { checkSession } from '../../lib/require-user.ts';
import { forwardToAuth } from './auth.routes.ts';

const ONE_HOUR = 60 * 60;
/** Confirmation requests and resends from one address per hour. */
const PER_ADDRESS: Limit = { max: 30, windowSeconds: ONE_HOUR };
/** Links one account may ask to be sent again per hour (the one sent at sign-up is not counted). */
const RESENDS_PER_ACCOUNT: Limit = { max: 3, windowSeconds: ONE_HOUR };

const message = z.object({ message: z.string() });

const verify = createRoute({
  method: 'post',
  path: '/verify-email',
  tags: ['auth'],
  summary: 'Confirm an email address with the link from the mail; a second use says it was done',
  request: { body: { ...jsonContent(verifyEmailSchema, 'The token of the link'), required: true } },
  responses: {
    200: jsonContent(verifyEmailResultSchema, 'Confirmed, now or before'),
    ...errorResponses(400, 415, 429),
  },
});

const resend = createRoute({
  method: 'post',
  path: '/verify-email/resend',
  tags: ['auth'],
  summary: "Mail the signed-in learner's confirmation link again",
  security: authCookie,
  request: { body: { ...jsonContent(z.object({}).strict(), 'Empty object'), required: false } },
  responses: {
    200: jsonContent(message, 'Sent, or the address is already confirmed'),
    ...errorResponses(401, 415, 429),
  },
});

/** The email a confirmation token names, read without checking it (better-auth checks it). */
function emailInToken(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(
      Buffer.from(token.split('.')[1] ?? '', 'base64url').toString(),
    );
    const email = (payload as { email?: unknown } | null)?.email;
    return typeof email === 'string' ? email.toLowerCase() : null;
  } catch {
    return null;
  }
}

/**
 * Email verification (REQUIRE_EMAIL_VERIFICATION, decision 055). The links are better-auth's
 * signed tokens, valid for a day and not single-use: opening one again answers that the address
 * is already confirmed. Neither route signs anyone in.
 */
export const emailVerificationRoutes = createRouter()
  .openapi(verify, async (c) => {
    const { auth, db, env, clock } = c.get('services');
    await consumeRateLimit(
      db,
      `verify-email:ip:${clientIp(c, env.TRUST_PROXY)}`,
      PER_ADDRESS,
      clock(),
    );
    const { token } = c.req.valid('json');
    const email = emailInToken(token);
    if (!email) throw new ApiError('BAD_REQUEST', ACCESS_TEXT.verifyLinkInvalid);
    const [before] = await db
      .select({ emailVerified: schema.user.emailVerified })
      .from(schema.user)
      .where(eq(schema.user.email, email));
    // better-auth checks the signature, the expiry and that the account still has this address.
    await auth.api.verifyEmail({ query: { token } }).catch(() => {
      throw new ApiError('BAD_REQUEST', ACCESS_TEXT.verifyLinkInvalid);
    });
    const answer: VerifyEmailResult = before?.emailVerified
      ? { status: 'already-verified', message: ACCESS_TEXT.verifyAlreadyDone }
      : { status: 'verified', message: ACCESS_TEXT.verifyDone };
    return c.json(answer, 200);
  })
  .openapi(resend, async (c) => {
    const { db, env, clock } = c.get('services');
    const session = await checkSession(c);
    if (!session) throw new ApiError('UNAUTHORIZED', 'Not authenticated');
    if (session.emailVerified) return c.json({ message: ACCESS_TEXT.verifyAlreadyDone }, 200);
    const now = clock();
    await consumeRateLimit(db, `verify-email:ip:${clientIp(c, env.TRUST_PROXY)}`, PER_ADDRESS, now);
    await consumeRateLimit(db, `verify-email:account:${session.user.id}`, RESENDS_PER_ACCOUNT, now);
    await forwardToAuth(c, '/send-verification-email', { email: session.user.email });
    return c.json({ message: ACCESS_TEXT.verifyResent }, 200);
  });
