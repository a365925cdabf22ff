import { createRoute, z } from '@hono/zod-openapi';
import {
  adminOverviewSchema,
  createInvitationSchema,
  issuedLinkSchema,
  updateAccountSchema,
} from '@verba/shared';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app-env.ts';
import { ApiError } from '../../lib/errors.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { deleteAccount } from '../account/account.service.ts';
import { accountForAdmin, isAdmin, listAccounts, setAccountDisabled } from './accounts.ts';
import { issueResetLink } from './reset-links.ts';
import { createInvitation, listInvitations, revokeInvitation } from './invitations.ts';

/** Behind the signed-in router; only the install's admins get further (403 for everyone else). */
export const requireAdmin = createMiddleware<AppEnv>(async (c, next) => {
  // Every learner may ask whether they are an admin (the profile links the admin page for them).
  if (c.req.path === '/api/admin/access') return next();
  if (!(await isAdmin(c.get('services'), c.get('user').id))) {
    throw new ApiError('FORBIDDEN', 'Only an admin of this server can do this');
  }
  await next();
});

const idParam = z.object({ id: z.uuid() });
const adminErrors = errorResponses(401, 403);

const access = createRoute({
  method: 'get',
  path: '/admin/access',
  tags: ['admin'],
  summary: 'Whether the signed-in learner is an admin of this server',
  security: authCookie,
  responses: {
    200: jsonContent(z.object({ admin: z.boolean() }), 'Whether they are'),
    ...errorResponses(401),
  },
});

const overview = createRoute({
  method: 'get',
  path: '/admin',
  tags: ['admin'],
  summary: 'Every account and the invitations that can still be used',
  security: authCookie,
  responses: { 200: jsonContent(adminOverviewSchema, 'Accounts and invitations'), ...adminErrors },
});

const updateAccount = createRoute({
  method: 'patch',
  path: '/admin/accounts/{id}',
  tags: ['admin'],
  summary: 'Disable an account (its sessions end) or enable it again',
  security: authCookie,
  request: {
    params: idParam,
    body: { ...jsonContent(updateAccountSchema, 'Whether it is disabled'), required: true },
  },
  responses: {
    200: jsonContent(z.object({ success: z.boolean() }), 'Updated'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const removeAccount = createRoute({
  method: 'delete',
  path: '/admin/accounts/{id}',
  tags: ['admin'],
  summary: 'Delete an account and everything in it',
  security: authCookie,
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ success: z.boolean() }), 'Deleted'),
    ...errorResponses(401, 403, 404, 409),
  },
});

const resetLink = createRoute({
  method: 'post',
  path: '/admin/accounts/{id}/reset-link',
  tags: ['admin'],
  summary: 'A one-time password reset link for the account, valid one hour',
  security: authCookie,
  request: {
    params: idParam,
    body: { ...jsonContent(z.object({}).strict(), 'Empty object'), required: false },
  },
  responses: {
    200: jsonContent(issuedLinkSchema, 'The link, shown once'),
    ...errorResponses(401, 403, 404, 409),
  },
});

const invite = createRoute({
  method: 'post',
  path: '/admin/invitations',
  tags: ['admin'],
  summary: 'Create an invitation link for a number of sign-ups, expiring after some days',
  security: authCookie,
  request: {
    body: { ...jsonContent(createInvitationSchema, 'Uses and days valid'), required: true },
  },
  responses: {
    200: jsonContent(issuedLinkSchema, 'The link, shown once'),
    ...errorResponses(400, 401, 403),
  },
});

const revoke = createRoute({
  method: 'delete',
  path: '/admin/invitations/{id}',
  tags: ['admin'],
  summary: 'Withdraw an invitation',
  security: authCookie,
  request: { params: idParam },
  responses: {
    200: jsonContent(z.object({ success: z.boolean() }), 'Withdrawn'),
    ...errorResponses(401, 403, 404),
  },
});

export const adminRoutes = createRouter();
adminRoutes.use('/admin', requireAdmin);
adminRoutes.use('/admin/*', requireAdmin);
adminRoutes
  .openapi(access, async (c) =>
    c.json({ admin: await isAdmin(c.get('services'), c.get('user').id) }, 200),
  )
  .openapi(overview, async (c) => {
    const services = c.get('services');
    const [accounts, invitations] = await Promise.all([
      listAccounts(services),
      listInvitations(services.db, services.clock()),
    ]);
    return c.json({ accounts, invitations, backups: services.backups.status() ?? null }, 200);
  })
  .openapi(updateAccount, async (c) => {
    const { db, clock } = c.get('services');
    const { id } = c.req.valid('param');
    await setAccountDisabled(db, c.get('user').id, id, c.req.valid('json').disabled, clock());
    return c.json({ success: true }, 200);
  })
  .openapi(removeAccount, async (c) => {
    const { db } = c.get('services');
    const account = await accountForAdmin(db, c.get('user').id, c.req.valid('param').id);
    await deleteAccount(db, account);
    return c.json({ success: true }, 200);
  })
  .openapi(resetLink, async (c) => {
    const services = c.get('services');
    const account = await accountForAdmin(services.db, c.get('user').id, c.req.valid('param').id);
    return c.json(await issueResetLink(services, account.id, services.clock()), 200);
  })
  .openapi(invite, async (c) => {
    const { db, env, clock } = c.get('services');
    const created = await createInvitation(
      db,
      env.PUBLIC_URL,
      c.get('user').id,
      c.req.valid('json'),
      clock(),
    );
    return c.json({ url: created.url, expiresAt: created.expiresAt }, 200);
  })
  .openapi(revoke, async (c) => {
    await revokeInvitation(c.get('services').db, c.req.valid('param').id);
    return c.json({ success: true }, 200);
  });
