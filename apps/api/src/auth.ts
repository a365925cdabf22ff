import { schema, type Database } from '@verba/db';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@verba/shared';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { genericOAuth } from 'better-auth/plugins/generic-oauth';
import type { Logger } from './lib/logger.ts';
import type { Mailer } from './lib/mail.ts';
import {
  claimFirstAdmin,
  PASSWORD_RESET_TTL_SECONDS,
  refuseDisabledAccount,
  resetPasswordMail,
} from './modules/admin/accounts.ts';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  verifyEmailMail,
} from './modules/auth/email-verification.ts';
import { refuseUnadmittedAccount, type SignupSettings } from './modules/auth/signup-gate.ts';

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  logger: Logger;
  mailer: Mailer;
  signup: SignupSettings;
  /** REQUIRE_EMAIL_VERIFICATION: new accounts confirm their address before using the app. */
  requireEmailVerification: boolean;
  /** The OpenID Connect provider for single sign-on, when OIDC_ISSUER_URL is set. */
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
}

/** The provider id of single sign-on: its callback is /api/auth/callback/oidc. */
export const SSO_PROVIDER = 'oidc';

const THIRTY_DAYS = 60 * 60 * 24 * 30;

/**
 * Email + password accounts with sessions kept in the database, so any API process can check a
 * cookie issued by another. Throttling, origin checks and input rules sit in front of it
 * (modules/auth), so its own rate limiter and CSRF checks are off.
 */
export function createAuth({
  db,
  secret,
  publicUrl,
  logger,
  mailer,
  signup,
  requireEmailVerification,
  oidc,
}: AuthOptions) {
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
      // The reset link leads to the app's own page, which posts the token back through our route.
      resetPasswordTokenExpiresIn: PASSWORD_RESET_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      // Sent without waiting, so a known address answers as fast as an unknown one.
      sendResetPassword: ({ user, token }) => {
        void mailer.send(resetPasswordMail(publicUrl, user.email, token));
        return Promise.resolve();
      },
    },
    // Sign-up still signs the learner in; the signed-in routes refuse them (EMAIL_NOT_VERIFIED)
    // until the link is opened (lib/require-user.ts). The link confirms, it never signs in.
    emailVerification: {
      sendOnSignUp: requireEmailVerification,
      autoSignInAfterVerification: false,
      expiresIn: EMAIL_VERIFICATION_TTL_SECONDS,
      sendVerificationEmail: ({ user, token }) => {
        void mailer.send(verifyEmailMail(publicUrl, user.email, token));
        return Promise.resolve();
      },
    },
    session: { expiresIn: THIRTY_DAYS, updateAge: 60 * 60 * 24 },
    // Single sign-on never takes over an account that signs in with a password: its owner signs in
    // with the password first, then links the provider (explicit linking only).
    account: { accountLinking: { enabled: true, disableImplicitLinking: true } },
    plugins: oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: SSO_PROVIDER,
                discoveryUrl: `${oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: oidc.clientId,
                clientSecret: oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
    rateLimit: { enabled: false },
    // A single sign-on that fails before its own error page is known (a forged state) comes back
    // to the sign-in page, which says what went wrong.
    onAPIError: { errorURL: `${publicUrl}/auth/login` },
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
          before: async (created) => {
            await refuseUnadmittedAccount(db, signup, created.email);
            // Nobody is asked to confirm while the option is off: such accounts count as
            // confirmed, so turning it on later never locks them out (decision 055).
            return requireEmailVerification
              ? undefined
              : { data: { ...created, emailVerified: true } };
          },
          // Every account has its profile from the first moment (spec §3: profiles.id = user id).
          after: async (created) => {
            const displayName = created.name?.trim() ? created.name.trim() : null;
            await db
              .insert(schema.profiles)
              .values({ id: created.id, displayName })
              .onConflictDoNothing();
            await claimFirstAdmin(db, created.id);
          },
        },
      },
      session: {
        // However the sign-in came (password, reset, single sign-on), a disabled account gets none.
        create: { before: (session) => refuseDisabledAccount(db, session.userId) },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
