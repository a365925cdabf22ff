import { schema, type Database } from '@verba/db';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@verba/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Logger } from './lib/logger.ts';

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  logger: Logger;
}

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * Email + password accounts with sessions kept in the database, so any API process can check a
 * cookie issued by another. Throttling, origin checks and input rules sit in front of it
 * (modules/auth), so its own rate limiter and CSRF checks are off.
 */
export function createAuth({ db, secret, publicUrl, logger }: AuthOptions) {
  return betterAuth({
    appName: 'Verba',
    secret,
    baseURL: publicUrl,
    basePath: '/api/auth',
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
      },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
    },
    session: { expiresIn: THIRTY_DAYS, updateAge: 60 * 60 * 24 },
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    trustedOrigins: [new URL(publicUrl).origin],
    advanced: {
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
      // Our origin check runs first and also knows the address the request came in on.
      disableCSRFCheck: true,
      database: { generateId: () => crypto.randomUUID() },
      ipAddress: { disableIpTracking: true },
    },
    logger: {
      log: (level, message) => logger[level]({ component: 'auth' }, message),
    },
    databaseHooks: {
      user: {
        create: {
          // Every account has its profile from the first moment (spec §3: profiles.id = user id).
          after: async (created) => {
            const displayName = created.name?.trim() ? created.name.trim() : null;
            await db
              .insert(schema.profiles)
              .values({ id: created.id, displayName })
              .onConflictDoNothing();
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
