import type { Context } from 'hono';
import type { Env } from '../env.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';
import {
  clearRateLimit,
  consumeRateLimit,
  refundRateLimit,
  takeAttempt,
  type Backoff,
  type Limit,
} from './rate-limit.ts';

/**
 * Sign-in and sign-up throttles. Per caller address the budgets are generous, so a classroom behind
 * one address is never refused; per account they are keyed by account and address together, so
 * someone guessing a password slows down only their own tries, never the owner's from elsewhere.
 */
export interface AuthRateLimits {
  /** Failed sign-ins per address. */
  signInPerIp: Limit;
  /** Wrong passwords for one account from one address, before each further try waits. */
  signInFailures: Backoff;
  /** Sign-ups per address. */
  signUpPerIp: Limit;
  /** Sign-up attempts for one email from one address. */
  signUpPerAccount: Limit;
}

const FIFTEEN_MINUTES = 15 * 60;
const ONE_HOUR = 60 * 60;

/** The limits the configuration asks for (`AUTH_RATE_LIMIT_*`). */
export function authRateLimits(env: Env): AuthRateLimits {
  return {
    signInPerIp: { max: env.AUTH_RATE_LIMIT_SIGN_IN, windowSeconds: FIFTEEN_MINUTES },
    signInFailures: {
      freeFailures: env.AUTH_RATE_LIMIT_ACCOUNT_FAILURES,
      firstDelaySeconds: 1,
      maxDelaySeconds: FIFTEEN_MINUTES,
      forgetAfterSeconds: ONE_HOUR,
    },
    signUpPerIp: { max: env.AUTH_RATE_LIMIT_SIGN_UP, windowSeconds: ONE_HOUR },
    signUpPerAccount: { max: 5, windowSeconds: ONE_HOUR },
  };
}

/**
 * Runs a sign-in attempt under the throttles. Only failures count: a success clears the account's
 * failures from this address and gives the address its attempt back.
 */
export async function throttledSignIn<T>(
  c: Context<AppEnv>,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, rateLimits, env, clock } = c.get('services');
  const address = clientIp(c, env.TRUST_PROXY);
  const addressKey = `sign-in:ip:${address}`;
  const accountKey = `sign-in:account:${email}:ip:${address}`;
  const now = clock();
  await consumeRateLimit(db, addressKey, rateLimits.signInPerIp, now);
  await takeAttempt(db, accountKey, rateLimits.signInFailures, now);
  try {
    const result = await attempt();
    await clearRateLimit(db, accountKey);
    await refundRateLimit(db, addressKey);
    return result;
  } catch (error) {
    // Only a wrong email or password counts; anything else gives the attempt back.
    if (!(error instanceof ApiError && error.code === 'UNAUTHORIZED')) {
      await refundRateLimit(db, accountKey);
      await refundRateLimit(db, addressKey);
    }
    throw error;
  }
}

/**
 * Runs a sign-up attempt under the throttles, counted against the caller's address and against that
 * email from that address. A refused password gives the attempt back, so learners picking a
 * password do not use up their classroom's budget.
 */
export async function throttledSignUp<T>(
  c: Context<AppEnv>,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, rateLimits, env, clock } = c.get('services');
  const address = clientIp(c, env.TRUST_PROXY);
  const addressKey = `sign-up:ip:${address}`;
  const accountKey = `sign-up:account:${email}:ip:${address}`;
  const now = clock();
  await consumeRateLimit(db, addressKey, rateLimits.signUpPerIp, now);
  await consumeRateLimit(db, accountKey, rateLimits.signUpPerAccount, now);
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof ApiError && error.code === 'VALIDATION_ERROR')
      await refundRateLimit(db, addressKey);
    throw error;
  }
}
