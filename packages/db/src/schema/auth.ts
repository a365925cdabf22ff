import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const now = () => timestamp({ withTimezone: true }).notNull().defaultNow();

// ── better-auth's tables. Property names are the field names better-auth expects. ──

export const user = pgTable('user', {
  id: text().primaryKey(),
  name: text().notNull().default(''),
  email: text().notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text(),
  createdAt: now().$defaultFn(() => new Date()),
  updatedAt: now().$defaultFn(() => new Date()),
  // Verba's own columns (better-auth leaves them to their defaults): who runs the install, and
  // accounts an admin has switched off.
  role: text().notNull().default('learner'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const session = pgTable(
  'session',
  {
    id: text().primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text().notNull().unique(),
    createdAt: now(),
    updatedAt: now(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text().primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text(),
    password: text(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text().primaryKey(),
    identifier: text().notNull(),
    value: text().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: now(),
    updatedAt: now(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ── Verba's own account tables. ──

/**
 * Facts about the install that are set once: `first-admin` is claimed by the first account ever
 * created, so two first sign-ups at once cannot both become admin.
 */
export const installFacts = pgTable('install_facts', {
  key: text().primaryKey(),
  value: text().notNull(),
  createdAt: now(),
});

/** Invitation links an admin made for `SIGNUP=invite`; only the token's SHA-256 is kept. */
export const invitations = pgTable('invitations', {
  id: text().primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  maxUses: integer('max_uses').notNull(),
  uses: integer().notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: now(),
});
