import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionUser } from '@verba/shared';
import { getCookies } from 'better-auth/cookies';
import { parse as parseCookies } from 'hono/utils/cookie';
import { LRUCache } from 'lru-cache';
import type { Auth } from '../auth.ts';
import type { Events } from './events.ts';

export interface SignedInSession {
  user: SessionUser;
  expiresAt: Date;
  /** The account's address is confirmed (always, unless REQUIRE_EMAIL_VERIFICATION). */
  emailVerified: boolean;
}

export interface SessionCheck {
  session: SignedInSession | null;
  /** Cookies better-auth asks to set (a refreshed expiry, a cleared cookie): send them on. */
  setCookies: string[];
  /** Whether the answer came from this process's memory. */
  cached: boolean;
}

export interface Sessions {
  /** Who signed this request, checked once: in memory when recently seen, else by better-auth. */
  check: (headers: Headers) => Promise<SessionCheck>;
  /**
   * Forgets the request's session in this process at once (sign-out); the other processes hear
   * of it from the database.
   */
  forget: (headers: Headers) => void;
  /** The name of the session cookie (with the `__Secure-` prefix under https). */
  cookieName: string;
  stats: () => { hits: number; misses: number; size: number };
  close: () => void;
}

export interface SessionsOptions {
  auth: Auth;
  events: Events;
  /** How long a checked session is believed without asking the database again. */
  ttlMs?: number;
  maxEntries?: number;
  /** The clock that decides whether a session has expired. */
  now?: () => number;
}

interface Entry {
  user: SessionUser;
  expiresAt: number;
}

const NO_SESSION: SessionCheck = { session: null, setCookies: [], cached: false };
// An HMAC-SHA256 in standard base64 is 44 characters ending in '=' (better-call's format).
const SIGNATURE_LENGTH = 44;

/**
 * The session check every signed-in request makes, kept off the database for most requests:
 * the signed cookie is verified in process, and a session better-auth confirmed is remembered
 * (by the SHA-256 of its token) for a short while. A session that ends anywhere (sign-out, a
 * password change, account deletion, expiry clean-up) is forgotten by every process as soon as
 * the database announces it on the events bus (migration 0001); an expired one is refused at
 * once. See docs/decisions/005-session-cache.md.
 */
export function createSessions({
  auth,
  events,
  ttlMs = 30_000,
  maxEntries = 10_000,
  now = Date.now,
}: SessionsOptions): Sessions {
  const cookieName = getCookies(auth.options).sessionToken.name;
  const secret = auth.options.secret;
  if (!secret) throw new Error('the auth secret is required');
  const cache = new LRUCache<string, Entry>({ max: maxEntries, ttl: ttlMs });
  // Sessions that ended while a database check for them was under way must not be cached
  // from that check's (older) answer.
  const revoked = new LRUCache<string, true>({ max: maxEntries, ttl: ttlMs });
  let hits = 0;
  let misses = 0;

  const revoke = (key: string) => {
    cache.delete(key);
    revoked.set(key, true);
  };
  const unsubscribe = events.subscribe((event) => {
    if (event.kind === 'session.revoked' && event.id) revoke(event.id);
  });
  // Events may have been missed: believe nothing remembered before.
  const unsubscribeReset = events.onReset(() => cache.clear());

  const verifiedToken = (headers: Headers): string | null => {
    const header = headers.get('cookie');
    if (!header) return null;
    const value = parseCookies(header, cookieName)[cookieName];
    if (!value) return null;
    const dot = value.lastIndexOf('.');
    const token = value.slice(0, dot);
    const signature = Buffer.from(value.slice(dot + 1));
    if (dot < 1 || signature.length !== SIGNATURE_LENGTH) return null;
    const expected = Buffer.from(createHmac('sha256', secret).update(token).digest('base64'));
    return timingSafeEqual(signature, expected) ? token : null;
  };

  const cacheKey = (token: string) => createHash('sha256').update(token).digest('hex');

  return {
    cookieName,
    forget: (headers) => {
      const token = verifiedToken(headers);
      if (token) revoke(cacheKey(token));
    },
    check: async (headers) => {
      const token = verifiedToken(headers);
      if (!token) return NO_SESSION;
      const key = cacheKey(token);
      const remembered = cache.get(key);
      if (remembered) {
        if (remembered.expiresAt <= now()) {
          cache.delete(key);
          return NO_SESSION;
        }
        hits++;
        const session = {
          user: remembered.user,
          expiresAt: new Date(remembered.expiresAt),
          emailVerified: true,
        };
        return { session, setCookies: [], cached: true };
      }
      misses++;
      const answer = await auth.api.getSession({ headers, returnHeaders: true });
      const setCookies = answer.headers.getSetCookie();
      const found = answer.response;
      // An ended session's cookie is left alone: a request sent just before a password change
      // can be answered just after it, and clearing "its" cookie would wipe the new one. The 401
      // is enough for the client.
      if (!found) return { session: null, setCookies: [], cached: false };
      const session = {
        user: { id: found.user.id, email: found.user.email },
        expiresAt: found.session.expiresAt,
        emailVerified: found.user.emailVerified,
      };
      // Only confirmed accounts are remembered: a learner who opens the link is let in at once.
      if (session.emailVerified && !revoked.has(key)) {
        cache.set(key, { user: session.user, expiresAt: session.expiresAt.getTime() });
      }
      return { session, setCookies, cached: false };
    },
    stats: () => ({ hits, misses, size: cache.size }),
    close: () => {
      unsubscribe();
      unsubscribeReset();
      cache.clear();
    },
  };
}
