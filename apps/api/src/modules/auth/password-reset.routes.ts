import { createRoute, z } from '@hono/zod-openapi';
import {
  ACCESS_TEXT,
  authOptionsSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  type AuthOptions,
} from '@verba/shared';
import { passwordUserInputs, refuseWeakPassword } from '../../lib/auth-throttle.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { Services } from '../../app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import { createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { consumeRateLimit, countUse, type Limit } from '../../lib/rate-limit.ts';
import { schema } from '@verba/db';
import { eq } from 'drizzle-orm';
import { awaitingFirstAccount } from '../admin/accounts.ts';
import { forwardToAuth } from './auth.routes.ts';

const ONE_HOUR = 60 * 60;
/** Reset requests and reset attempts from one address per hour. */
const PER_ADDRESS: Limit = { max: 30, windowSeconds: ONE_HOUR };
/** Reset mails one address receives per hour; requests past it are answered alike but not sent. */
const MAILS_PER_ACCOUNT = 3;

const options = createRoute({
  method: 'get',
  path: '/options',
  tags: ['auth'],
  summary: 'Who may sign up here, and how one signs in, for the pages shown before sign-in',
  responses: { 200: jsonContent(authOptionsSchema, 'The sign-in and sign-up options') },
});

const requestReset = createRoute({
  method: 'post',
  path: '/password-reset/request',
  tags: ['auth'],
  summary: 'Mail a one-time reset link; the answer is the same whether the account exists',
  request: { body: { ...jsonContent(passwordResetRequestSchema, 'The email'), required: true } },
  responses: {
    200: jsonContent(z.object({ message: z.string() }), 'Sent if an account uses the email'),
    ...errorResponses(400, 415, 429),
  },
});

const reset = createRoute({
  method: 'post',
  path: '/password-reset',
  tags: ['auth'],
  summary: 'Set a new password with a reset link; every session of the account ends',
  request: {
    body: { ...jsonContent(passwordResetSchema, 'The token and the new password'), required: true },
  },
  responses: {
    200: jsonContent(z.object({ message: z.string() }), 'Password changed'),
    ...errorResponses(400, 415, 429),
  },
});

export const passwordResetRoutes = createRouter()
  .openapi(options, async (c) => {
    const { env, mailer, db } = c.get('services');
    const answer: AuthOptions = {
      // A new install lets its first account (the admin) sign up whatever the setting.
      signup: (await awaitingFirstAccount(db)) ? 'open' : env.SIGNUP,
      passwordResetByEmail: mailer.configured,
      sso: env.OIDC_ISSUER_URL ? { label: env.OIDC_BUTTON_LABEL ?? 'Single sign-on' } : null,
      ssoOnly: env.OIDC_ONLY,
    };
    return c.json(answer, 200);
  })
  .openapi(requestReset, async (c) => {
    const services = c.get('services');
    const { db, env, mailer, clock } = services;
    if (!mailer.configured) throw new ApiError('BAD_REQUEST', ACCESS_TEXT.resetUnavailable);
    const email = c.req.valid('json').email.toLowerCase();
    const now = clock();
    await consumeRateLimit(
      db,
      `password-reset:ip:${clientIp(c, env.TRUST_PROXY)}`,
      PER_ADDRESS,
      now,
    );
    // Counted per address whether or not an account uses it, so the answer tells nothing.
    const { count } = await countUse(db, `password-reset:email:${email}`, ONE_HOUR, now);
    if (count <= MAILS_PER_ACCOUNT) {
      await forwardToAuth(c, '/request-password-reset', { email });
    }
    return c.json({ message: ACCESS_TEXT.resetRequested }, 200);
  })
  .openapi(reset, async (c) => {
    const services = c.get('services');
    const { db, env, clock } = services;
    const body = c.req.valid('json');
    const address = clientIp(c, env.TRUST_PROXY);
    await consumeRateLimit(db, `password-reset:ip:${address}`, PER_ADDRESS, clock());
    const owner = await ownerOfResetToken(services, body.token);
    await refuseWeakPassword(services, address, body.newPassword, {
      field: 'newPassword',
      userInputs: passwordUserInputs(owner.email),
    });
    await forwardToAuth(c, '/reset-password', body).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 400
        ? new ApiError('BAD_REQUEST', ACCESS_TEXT.resetLinkInvalid)
        : error;
    });
    return c.json({ message: ACCESS_TEXT.resetDone }, 200);
  });

/** The account a reset token belongs to, so the new password is judged against its email. */
async function ownerOfResetToken(
  { auth, db, clock }: Pick<Services, 'auth' | 'db' | 'clock'>,
  token: string,
) {
  const context = await auth.$context;
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!found || found.expiresAt < clock()) {
    throw new ApiError('BAD_REQUEST', ACCESS_TEXT.resetLinkInvalid);
  }
  const [owner] = await db
    .select({ email: schema.user.email })
    .from(schema.user)
    .where(eq(schema.user.id, found.value));
  if (!owner) throw new ApiError('BAD_REQUEST', ACCESS_TEXT.resetLinkInvalid);
  return owner;
}
