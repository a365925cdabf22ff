import { randomBytes } from 'node:crypto';
import type { Database } from '@verba/db';
import { createApp, type App, type AppOptions } from '../app.ts';
import { loadEnv, type Env } from '../env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import type { AuthRateLimits } from '../lib/auth-throttle.ts';
import { buildServices } from '../services.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

export const TEST_PUBLIC_URL = 'http://localhost:3000';
export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';
/** A password strong enough for the strength check. */
export const GOOD_PASSWORD = 'violet-harbour-lantern-42';

export interface TestAppOptions extends AppOptions {
  env?: Record<string, string>;
  rateLimits?: AuthRateLimits;
  logger?: Logger;
  clock?: () => Date;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

/** An in-process API on a real, migrated database of its own, with helpers to call it. */
export class TestHarness {
  private constructor(
    readonly database: TestDatabase,
    readonly app: App,
    readonly env: Env,
  ) {}

  static async start(options: TestAppOptions = {}): Promise<TestHarness> {
    return TestHarness.onDatabase(await createTestDatabase(), options);
  }

  /** A second API "process" on the same database: its own app, services and connections. */
  static onDatabase(
    database: TestDatabase,
    options: TestAppOptions = {},
    db?: Database,
  ): TestHarness {
    const env = loadEnv({
      NODE_ENV: 'test',
      PUBLIC_URL: TEST_PUBLIC_URL,
      BETTER_AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    });
    const services = buildServices({
      env,
      db: db ?? database.handle.db,
      databaseKind: database.handle.kind,
      logger: options.logger ?? createLogger(env.LOG_LEVEL),
      secret: TEST_SECRET,
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
    });
    return new TestHarness(database, createApp(services, options), env);
  }

  get db(): Database {
    return this.database.handle.db;
  }

  request(
    path: string,
    init: RequestInit & { cookie?: string; json?: unknown } = {},
  ): Promise<Response> {
    const { cookie, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (cookie) headers.set('cookie', cookie);
    if (json !== undefined) headers.set('content-type', 'application/json');
    return Promise.resolve(
      this.app.request(path, {
        ...rest,
        headers,
        ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      }),
    );
  }

  /** Signs up a new user with a unique email and returns their session cookie. */
  async signUp(email = uniqueEmail()): Promise<TestUser> {
    const response = await this.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email, password: GOOD_PASSWORD },
    });
    if (response.status !== 200)
      throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
    const body = (await response.json()) as { user: { id: string; email: string } };
    return { ...body.user, cookie: sessionCookie(response) };
  }

  async close(): Promise<void> {
    await this.database.drop();
  }
}

export function uniqueEmail(prefix = 'learner'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** The `name=value` pair of the session cookie a response sets. */
export function sessionCookie(response: Response): string {
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error('no session cookie was set');
  return cookie.split(';')[0] ?? '';
}
