import { createMiddleware } from 'hono/factory';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

/** Every route behind this knows who is asking; everything it reads is scoped to that user. */
export const requireUser = createMiddleware<AppEnv>(async (c, next) => {
  const found = await c.get('services').auth.api.getSession({ headers: c.req.raw.headers });
  if (!found) throw new ApiError('UNAUTHORIZED', 'Not authenticated');
  c.set('user', { id: found.user.id, email: found.user.email });
  await next();
});
