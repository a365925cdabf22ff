import { randomBytes } from 'node:crypto';
import type { Database, DatabaseHandle } from '@verba/db';
import { createAiProvider } from '../ai/index.ts';
import { createApp, type App, type AppOptions } from '../app.ts';
import { loadEnv, type Env } from '../env.ts';
import type { Services } from '../app-env.ts';
import { createLogger, type Logger } from '../lib/logger.ts';
import type { AuthRateLimits } from '../lib/auth-rate-limits.ts';
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
  /** The time now, for throttles and session expiry. */
  clock?: () => Date;
  /** Per-call AI timeout, so a timeout test need not wait 30 s. */
  aiTimeoutMs?: number;
}

export interface TestUser {
  id: string;
  email: string;
  cookie: string;
}

const harnesses = new Map<TestDatabase, TestHarness[]>();

/** An in-process API on a real, migrated database of its own, with helpers to call it. */
export class TestHarness {
  private constructor(
    readonly database: TestDatabase,
    readonly services: Services,
    readonly app: App,
    readonly env: Env,
  ) {}

  static async start(options: TestAppOptions = {}): Promise<TestHarness> {
    return TestHarness.onDatabase(await createTestDatabase(), options);
  }

  /**
   * A second API "process" on the same database: its own app, services (session cache, events
   * connection) and, when given, its own connections.
   */
  static async onDatabase(
    database: TestDatabase,
    options: TestAppOptions = {},
    handle: DatabaseHandle = database.handle,
  ): Promise<TestHarness> {
    const env = loadEnv({
      PUBLIC_URL: TEST_PUBLIC_URL,
      BETTER_AUTH_SECRET: TEST_SECRET,
      LOG_LEVEL: 'silent',
      ...options.env,
    });
    const services = await buildServices({
      env,
      database: handle,
      logger: options.logger ?? createLogger(env.LOG_LEVEL),
      secret: TEST_SECRET,
      ...(options.rateLimits ? { rateLimits: options.rateLimits } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      // Tests check the scheduler's exact intervals, so new intervals are not spread.
      scheduleRandom: null,
      ...(options.aiTimeoutMs
        ? { ai: createAiProvider(env, { timeoutMs: options.aiTimeoutMs }) }
        : {}),
    });
    const harness = new TestHarness(database, services, createApp(services, options), env);
    const onDatabase = harnesses.get(database) ?? [];
    harnesses.set(database, [...onDatabase, harness]);
    return harness;
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

  /** Stops this "process" only; the database stays for the others. */
  async stop(): Promise<void> {
    await this.services.close();
  }

  /** Stops every "process" on this database, then drops it. */
  async close(): Promise<void> {
    await Promise.all((harnesses.get(this.database) ?? []).map((h) => h.stop()));
    harnesses.delete(this.database);
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
