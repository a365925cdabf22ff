import { HTTPException } from 'hono/http-exception';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AiError } from './ai/index.ts';
import type { AppEnv, Services } from './app-env.ts';
import { isDatabaseUnavailable } from './lib/database-errors.ts';
import { RESTART_RETRY_SECONDS } from './lib/draining.ts';
import { ApiError, errorResponse } from './lib/errors.ts';
import { refuseWhileDraining } from './lib/draining.ts';
import { jsonWrites } from './lib/json-writes.ts';
import { methodNotAllowed } from './lib/method-not-allowed.ts';
import { createRouter } from './lib/openapi.ts';
import { originCheck } from './lib/origin-check.ts';
import { requestContext } from './lib/request-context.ts';
import { requireUser } from './lib/require-user.ts';
import { securityHeaders } from './lib/security-headers.ts';
import { createStaticSite } from './lib/static-site.ts';
import { accountRoutes } from './modules/account/account.routes.ts';
import { ankiRoutes } from './modules/anki/anki.routes.ts';
import { configRoutes, DEFAULT_POSTHOG_HOST } from './modules/config/config.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { metricsRoutes, requestMetrics } from './modules/metrics/metrics.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { emailVerificationRoutes } from './modules/auth/email-verification.routes.ts';
import { passwordResetRoutes } from './modules/auth/password-reset.routes.ts';
import { ssoLinkRoutes, ssoRoutes } from './modules/auth/sso.routes.ts';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes.ts';
import { enrichmentRoutes } from './modules/enrichment/enrichment.routes.ts';
import { feedbackRoutes } from './modules/feedback/feedback.routes.ts';
import { createEventRoutes } from './modules/events/events.routes.ts';
import { StreamLimits } from './modules/events/stream-limits.ts';
import { groupRoutes } from './modules/groups/groups.routes.ts';
import { importRoutes } from './modules/imports/imports.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { practiceRoutes } from './modules/practice/practice.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { statsRoutes } from './modules/stats/stats.routes.ts';
import { suggestionRoutes } from './modules/suggestions/suggestions.routes.ts';
import { wordRoutes } from './modules/words/words.routes.ts';

export interface AppOptions {
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string;
}

/** The whole HTTP surface: the JSON API under /api and the web app everywhere else. */
export function createApp(services: Services, options: AppOptions = {}) {
  const app = createRouter();
  app.use('*', securityHeaders(services.env.PUBLIC_URL));
  app.use('*', requestContext(services));
  app.use('*', requestMetrics);
  app.use('*', refuseWhileDraining(services.draining));
  // Operators' routes, outside the API: Prometheus and `npm run backup`.
  app.route('/', metricsRoutes);
  app.route('/', backupRoutes);
  app.use('/api/*', apiHeaders);
  app.use('/api/*', originCheck(services.env.PUBLIC_URL));
  // A known path asked with another method is a 405 for anyone, before its body or the sign-in
  // is looked at.
  app.use(
    '/api/*',
    methodNotAllowed(() => app.routes),
  );
  app.use('/api/*', jsonWrites);

  // Public routes.
  app.route('/api', healthRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/auth', passwordResetRoutes);
  app.route('/api/auth', ssoRoutes);
  app.route('/api/auth', emailVerificationRoutes);
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Verba API',
      version: '1.0.0',
      description: 'JSON API of Verba. Errors share one envelope.',
    },
  });
  app.openAPIRegistry.registerComponent('securitySchemes', 'cookieAuth', {
    type: 'apiKey',
    in: 'cookie',
    name: services.sessions.cookieName,
  });

  // A known path asked with another method is a 405 for anyone, before the sign-in check.
  app.use(
    '/api/*',
    methodNotAllowed(() => app.routes),
  );
  // The signed-in router: every API route mounted below this line needs a signed-in user, and
  // the session is checked exactly once per request, whatever the path.
  app.use('/api/*', requireUser);
  app.route('/api', profileRoutes);
  app.route('/api', wordRoutes);
  app.route('/api', practiceRoutes);
  app.route('/api', feedbackRoutes);
  app.route('/api', accountRoutes);
  app.route('/api', ankiRoutes);
  app.route('/api', clientErrorRoutes);
  app.route('/api', configRoutes);
  app.route('/api', groupRoutes);
  app.route('/api', suggestionRoutes);
  app.route('/api', statsRoutes);
  app.route('/api', importRoutes);
  app.route('/api', enrichmentRoutes);
  const liveStreams = new StreamLimits();
  services.metrics.countLiveStreams(() => liveStreams.size);
  app.route('/api', createEventRoutes(liveStreams));
  app.route('/api', adminRoutes);
  app.route('/api', ssoLinkRoutes);

  app.all('/api/*', () => {
    throw new ApiError('NOT_FOUND', 'No such API route');
  });
  if (options.webRoot) {
    const analyticsHost = services.env.POSTHOG_KEY
      ? [new URL(services.env.POSTHOG_HOST ?? DEFAULT_POSTHOG_HOST).origin]
      : [];
    const site = createStaticSite(options.webRoot, analyticsHost);
    app.on(['GET', 'HEAD'], '*', (c) => site(c));
  }
  app.notFound((c) => errorResponse(c, new ApiError('NOT_FOUND', 'Not found')));
  app.onError((error, c) => handleError(error, c));
  return app;
}

export type App = ReturnType<typeof createApp>;

const DATABASE_UNAVAILABLE_MESSAGE =
  'The server cannot reach its database right now. Please try again in a moment.';

/**
 * API answers are personal: no shared cache may keep them. Set on the response's own headers:
 * `c.header` after the response is made would rebuild it as a web Response with a streamed body,
 * for every answer of the API.
 */
const apiHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
});

function handleError(error: Error, c: Context<AppEnv>): Response {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (error instanceof AiError) {
    // The message is meant for the learner; what the provider said stays in the log.
    c.get('logger')?.warn(
      { kind: error.kind, issues: error.issues, err: error.cause },
      'AI call failed',
    );
    return errorResponse(c, error.toApiError());
  }
  if (error instanceof HTTPException) {
    if (error.status === 405)
      return errorResponse(c, new ApiError('METHOD_NOT_ALLOWED', 'Method not allowed'));
    if (error.status < 500)
      return errorResponse(c, new ApiError('BAD_REQUEST', error.message || 'Bad request'));
  }
  if (isDatabaseUnavailable(error)) {
    // The database restarts or its connection was cut: nothing was acknowledged, ask again soon.
    (c.get('logger') ?? c.get('services')?.logger)?.warn(
      { err: error, path: c.req.path },
      'database unavailable',
    );
    return errorResponse(
      c,
      new ApiError('SERVICE_UNAVAILABLE', DATABASE_UNAVAILABLE_MESSAGE, {
        retryAfterSeconds: RESTART_RETRY_SECONDS,
      }),
    );
  }
  // The details go to the log, never to the client.
  (c.get('logger') ?? c.get('services')?.logger)?.error(
    { err: error, path: c.req.path },
    'unhandled error',
  );
  return errorResponse(
    c,
    new ApiError('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.'),
  );
}
