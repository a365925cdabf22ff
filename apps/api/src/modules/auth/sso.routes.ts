import { createRoute, z } from '@hono/zod-openapi';
import { accessTokenSchema } from '@verba/shared';
import { getCookie } from 'hono/cookie';
import { SSO_PROVIDER } from '../../auth.ts';
import { ApiError } from '../../lib/errors.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { forwardToAuth } from './auth.routes.ts';
import { withInvitation } from './signup-gate.ts';

/** Carries an invitation through the provider's pages to the callback, for ten minutes. */
const INVITATION_COOKIE = 'verba.sso-invitation';
const CALLBACK_PATH = `/api/auth/callback/${SSO_PROVIDER}`;

const start = createRoute({
  method: 'post',
  path: '/sso',
  tags: ['auth'],
  summary: "Start single sign-on: the address of the provider's sign-in page",
  request: {
    body: {
      ...jsonContent(
        z.object({ invitation: accessTokenSchema.optional() }).strict(),
        'The invitation the learner came with, if any',
      ),
      required: false,
    },
  },
  responses: {
    200: jsonContent(z.object({ url: z.string() }), "Open this address: the provider's page"),
    ...errorResponses(400, 404, 415),
  },
});

const callback = createRoute({
  method: 'get',
  path: `/callback/${SSO_PROVIDER}`,
  tags: ['auth'],
  summary: 'Where the provider sends the learner back; signs in and redirects into the app',
  responses: { 302: { description: 'To the app, or to the sign-in page with an error' } },
});

export const ssoRoutes = createRouter()
  .openapi(start, async (c) => {
    const { env } = c.get('services');
    if (!env.OIDC_ISSUER_URL) throw new ApiError('NOT_FOUND', 'Single sign-on is not set up');
    const invitation = (c.req.valid('json') as { invitation?: string } | undefined)?.invitation;
    const answer = (await forwardToAuth(c, '/sign-in/social', {
      provider: SSO_PROVIDER,
      callbackURL: `${env.PUBLIC_URL}/app/feed`,
      newUserCallbackURL: `${env.PUBLIC_URL}/onboarding`,
      errorCallbackURL: `${env.PUBLIC_URL}/auth/login`,
      disableRedirect: true,
    })) as { url?: string };
    if (!answer.url) throw new ApiError('INTERNAL_ERROR', 'Single sign-on could not start');
    const secure = env.PUBLIC_URL.startsWith('https://') ? '; Secure' : '';
    c.header(
      'Set-Cookie',
      invitation
        ? `${INVITATION_COOKIE}=${invitation}; Max-Age=600; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax${secure}`
        : `${INVITATION_COOKIE}=; Max-Age=0; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax${secure}`,
      { append: true },
    );
    return c.json({ url: answer.url }, 200);
  })
  .openapi(callback, async (c) => {
    const { auth, env } = c.get('services');
    if (!env.OIDC_ISSUER_URL) throw new ApiError('NOT_FOUND', 'Single sign-on is not set up');
    const parsed = accessTokenSchema.safeParse(getCookie(c, INVITATION_COOKIE));
    // better-auth checks the state (against its cookie) and the ID token's nonce and signature.
    const answer = await withInvitation(parsed.success ? parsed.data : undefined, () =>
      auth.handler(c.req.raw),
    );
    const headers = new Headers(answer.headers);
    headers.append(
      'Set-Cookie',
      `${INVITATION_COOKIE}=; Max-Age=0; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax`,
    );
    return new Response(answer.body, { status: answer.status, headers }) as never;
  });

const link = createRoute({
  method: 'post',
  path: '/sso/link',
  tags: ['auth'],
  summary: "Link single sign-on to the signed-in account: the address of the provider's page",
  security: authCookie,
  request: {
    body: { ...jsonContent(z.object({}).strict(), 'Empty object'), required: false },
  },
  responses: {
    200: jsonContent(z.object({ url: z.string() }), "Open this address: the provider's page"),
    ...errorResponses(401, 404, 415),
  },
});

/**
 * Signed in (with the password, so the account is proven), a learner links the provider; from
 * then on single sign-on signs in to this account. The provider must vouch for the same email.
 */
export const ssoLinkRoutes = createRouter().openapi(link, async (c) => {
  const { env } = c.get('services');
  if (!env.OIDC_ISSUER_URL) throw new ApiError('NOT_FOUND', 'Single sign-on is not set up');
  const answer = (await forwardToAuth(c, '/link-social', {
    provider: SSO_PROVIDER,
    callbackURL: `${env.PUBLIC_URL}/app/profile`,
    errorCallbackURL: `${env.PUBLIC_URL}/app/profile`,
    disableRedirect: true,
  })) as { url?: string };
  if (!answer.url) throw new ApiError('INTERNAL_ERROR', 'Single sign-on could not start');
  return c.json({ url: answer.url }, 200);
});
