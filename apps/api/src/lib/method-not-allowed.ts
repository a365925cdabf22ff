import { createMiddleware } from 'hono/factory';
import { TrieRouter } from 'hono/router/trie-router';
import type { AppEnv } from '../app-env.ts';
import { ApiError } from './errors.ts';

interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Answers 405 (with `Allow`) when the path is an API route but not for this method, e.g. DELETE
 * /api/health, rather than a 415 for its body, a 401 or a 404. `routes` is read on the first
 * request, once every route is mounted.
 */
export function methodNotAllowed(routes: () => readonly RouteEntry[]) {
  let router: TrieRouter<string> | undefined;
  const build = () => {
    const built = new TrieRouter<string>();
    const seen = new Set<string>();
    for (const route of routes()) {
      const key = `${route.method} ${route.path}`;
      if (route.method === 'ALL' || route.path.includes('*') || seen.has(key)) continue;
      seen.add(key);
      // Registered for every method, the route's own method as the value: a match lists the
      // methods the path allows.
      built.add('ALL', route.path, route.method);
    }
    return built;
  };
  return createMiddleware<AppEnv>(async (c, next) => {
    router ??= build();
    const [matches] = router.match(c.req.method, c.req.path);
    const allowed = new Set(matches.map(([method]) => method));
    if (allowed.size === 0 || allowed.has(c.req.method)) return next();
    if (c.req.method === 'HEAD' && allowed.has('GET')) return next();
    c.header('Allow', [...allowed].sort().join(', '));
    throw new ApiError('METHOD_NOT_ALLOWED', 'Method not allowed');
  });
}
