import { createRoute, z } from '@hono/zod-openapi';
import {
  accessTokenSchema,
  loginSchema,
  signupSchema,
  displayNameSchema,
  VALIDATION,
} from '@verba/shared';
import type { Context } from 'hono';
import {
  accountExists,
  oneSignUpPerEmail,
  passwordUserInputs,
  refuseWeakPassword,
  throttledSignIn,
  throttledSignUp,
} from '../../lib/auth-throttle.ts';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../app-env.ts';
import { ApiError, codeForStatus } from '../../lib/errors.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { checkSession } from '../../lib/require-user.ts';
import { ensureProfile } from '../profile/profile.service.ts';
import { admitSignUp } from './signup-gate.ts';

// The server's own cap on sign-in passwords: no account can have a longer one, and hashing
// megabytes of input on request would be a cheap way to load the server.
const SIGN_IN_PASSWORD_CAP = 1024;

const signUpBody = signupSchema
  .extend({ name: displayNameSchema.optional(), invitation: accessTokenSchema.optional() })
  .strict();
const signInBody = loginSchema
  .extend({
    password: loginSchema.shape.password.max(SIGN_IN_PASSWORD_CAP, VALIDATION.passwordTooLong),
  })
  .strict();

const userView = z.object({ id: z.string(), email: z.string() });
const signedIn = z.object({ user: userView });
const sessionView = z
  .object({ user: userView, session: z.object({ expiresAt: z.string() }) })
  .nullable();

const signUp = createRoute({
  method: 'post',
  path: '/sign-up/email',
  tags: ['auth'],
  summary: 'Create an account and sign in',
  request: {
    body: {
      ...jsonContent(signUpBody, 'Email, password and an optional display name'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(signedIn, 'Signed in; the session cookie is set'),
    ...errorResponses(400, 403, 409, 415, 429),
  },
});

const signIn = createRoute({
  method: 'post',
  path: '/sign-in/email',
  tags: ['auth'],
  summary: 'Sign in with email and password',
  request: { body: { ...jsonContent(signInBody, 'Email and password'), required: true } },
  responses: {
    200: jsonContent(signedIn, 'Signed in; the session cookie is set'),
    ...errorResponses(400, 401, 403, 415, 429),
  },
});

const signOut = createRoute({
  method: 'post',
  path: '/sign-out',
  tags: ['auth'],
  summary: 'End the current session on the server',
  security: authCookie,
  request: { body: { ...jsonContent(z.object({}).strict(), 'Empty object'), required: false } },
  responses: {
    200: jsonContent(z.object({ success: z.boolean() }), 'Signed out'),
    ...errorResponses(401),
  },
});

const getSession = createRoute({
  method: 'get',
  path: '/get-session',
  tags: ['auth'],
  summary: 'The signed-in user, or null',
  responses: { 200: jsonContent(sessionView, 'The session, or null when signed out') },
});

export const authRoutes = createRouter()
  .openapi(signUp, async (c) => {
    const body = c.req.valid('json');
    const email = body.email.toLowerCase();
    const services = c.get('services');
    const address = clientIp(c, services.env.TRUST_PROXY);
    const result = await throttledSignUp(c, email, async () => {
      await refuseWeakPassword(services, address, body.password, {
        field: 'password',
        userInputs: passwordUserInputs(email),
      });
      return admitSignUp(services, email, body.invitation, () =>
        oneSignUpPerEmail(services, email, () =>
          forwardToAuth(c, '/sign-up/email', {
            email,
            password: body.password,
            name: body.name ?? '',
          }),
        ),
      );
    });
    return c.json(signedIn.parse({ user: pickUser(result) }), 200);
  })
  .openapi(signIn, async (c) => {
    const body = c.req.valid('json');
    const email = body.email.toLowerCase();
    const result = await throttledSignIn(c, email, () =>
      forwardToAuth(c, '/sign-in/email', { email, password: body.password }),
    );
    const user = pickUser(result);
    await ensureProfile(c.get('services').db, user.id);
    return c.json(signedIn.parse({ user }), 200);
  })
  .openapi(signOut, async (c) => {
    await forwardToAuth(c, '/sign-out', {});
    c.get('services').sessions.forget(c.req.raw.headers);
    return c.json({ success: true }, 200);
  })
  .openapi(getSession, async (c) => {
    const session = await checkSession(c);
    if (!session) return c.json(null, 200);
    return c.json(
      { user: session.user, session: { expiresAt: session.expiresAt.toISOString() } },
      200,
    );
  });

/**
 * Hands a validated request to better-auth and brings back its cookies. Its errors are turned into
 * our envelope, and its response body is never passed on as is: it carries the session token,
 * which must stay in the HttpOnly cookie.
 */
export async function forwardToAuth(
  c: Context<AppEnv>,
  path: string,
  body: unknown,
): Promise<unknown> {
  const { auth } = c.get('services');
  const url = new URL(c.req.url);
  url.pathname = `/api/auth${path}`;
  const headers = new Headers(c.req.raw.headers);
  headers.delete('content-length');
  headers.set('content-type', 'application/json');
  const response = await auth.handler(
    new Request(url, { method: 'POST', headers, body: JSON.stringify(body) }),
  );
  for (const cookie of response.headers.getSetCookie())
    c.header('Set-Cookie', cookie, { append: true });
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) throw authError(response.status, payload);
  return payload;
}

function authError(status: number, payload: unknown): ApiError {
  const { code, message } = (payload ?? {}) as { code?: string; message?: string };
  if (code?.startsWith('USER_ALREADY_EXISTS')) return accountExists();
  // Only sign-in gets this far with a long password (sign-up's schema stops it first). No account
  // has a password longer than sign-up allows, so a longer one is simply wrong.
  if (code === 'PASSWORD_TOO_LONG') {
    return new ApiError('UNAUTHORIZED', 'Invalid email or password');
  }
  return new ApiError(codeForStatus(status), message || 'Authentication failed');
}

function pickUser(payload: unknown) {
  const user = (payload as { user?: { id: string; email: string } } | null)?.user;
  if (!user) throw new ApiError('INTERNAL_ERROR', 'Authentication failed');
  return { id: user.id, email: user.email };
}
