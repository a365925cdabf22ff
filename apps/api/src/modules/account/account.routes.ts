import { createRoute, z } from '@hono/zod-openapi';
import { changePasswordSchema, deleteAccountSchema } from '@verba/shared';
import { clientIp } from '../../lib/client-ip.ts';
import { authCookie, createRouter, errorResponses, jsonContent } from '../../lib/openapi.ts';
import { changePassword, deleteAccount, exportAccount } from './account.service.ts';

const ok = z.object({ success: z.literal(true) });

const password = createRoute({
  method: 'post',
  path: '/account/password',
  tags: ['account'],
  summary: 'Change the password; every other session ends',
  security: authCookie,
  request: {
    body: {
      ...jsonContent(changePasswordSchema, 'Current and new password'),
      required: true,
    },
  },
  responses: {
    200: jsonContent(ok, 'Changed; this device has a new session cookie'),
    ...errorResponses(400, 401, 415, 429),
  },
});

const remove = createRoute({
  method: 'delete',
  path: '/account',
  tags: ['account'],
  summary: 'Delete the account and all of its data; every session ends',
  security: authCookie,
  request: {
    body: { ...jsonContent(deleteAccountSchema, 'The typed confirmation'), required: true },
  },
  responses: { 200: jsonContent(ok, 'Deleted'), ...errorResponses(400, 401, 404, 415) },
});

const exportData = createRoute({
  method: 'get',
  path: '/account/export',
  tags: ['account'],
  summary: "All of the learner's data as one JSON file",
  security: authCookie,
  responses: {
    200: jsonContent(z.record(z.string(), z.unknown()), 'The data'),
    ...errorResponses(401, 404),
  },
});

export const accountRoutes = createRouter()
  .openapi(password, async (c) => {
    const cookies = await changePassword(
      c.get('services'),
      c.get('user'),
      c.req.valid('json'),
      c.req.raw.headers,
      clientIp(c, c.get('services').env.TRUST_PROXY),
    );
    c.get('services').sessions.forget(c.req.raw.headers);
    for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
    return c.json({ success: true as const }, 200);
  })
  .openapi(remove, async (c) => {
    const { db, sessions } = c.get('services');
    await deleteAccount(db, c.get('user'));
    sessions.forget(c.req.raw.headers);
    c.header(
      'Set-Cookie',
      `${sessions.cookieName}=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax${
        sessions.cookieName.startsWith('__Secure-') ? '; Secure' : ''
      }`,
      { append: true },
    );
    return c.json({ success: true as const }, 200);
  })
  .openapi(exportData, async (c) => {
    const data = await exportAccount(c.get('services').db, c.get('user'));
    c.header('Content-Disposition', 'attachment; filename="verba-data.json"');
    return c.json(data, 200);
  });
