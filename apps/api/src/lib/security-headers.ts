import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/** The policy of every response that is not a page or a script: it may load and run nothing. */
export const LOCKED_DOWN_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Security headers on every response: pages, scripts, other assets, API answers and errors alike.
 * A handler that sets its own Content-Security-Policy keeps it (the web app's shell and scripts,
 * see static-site.ts); everything else gets one that allows nothing. Strict-Transport-Security is
 * sent only when the public address is https, so a plain-http install is never pinned to https.
 */
export function securityHeaders(publicUrl: string): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
    strictTransportSecurity: publicUrl.startsWith('https://')
      ? 'max-age=31536000; includeSubDomains'
      : false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Keep what a handler chose for its own response (the pages' Content-Security-Policy).
    overwrite: false,
  });
}
