/**
 * Sign-in and sign-up throttles (decision 013). They count what fails, never what succeeds, so a
 * classroom behind one address is not refused for one pupil's doing: per address only failed
 * sign-ins, accounts created and weak passwords refused are counted; per account the key is the
 * account and the address together, so someone guessing slows only their own tries. A browser
 * that signed in to the account before is throttled on its own (lib/device-cookie.ts).
 */
import { TOAST } from '@verba/shared';
import type { Database } from '@verba/db';
import type { Context } from 'hono';
import type { AuthRateLimits } from './auth-rate-limits.ts';
import { clientIp } from './client-ip.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { ApiError } from './errors.ts';
import { judgePassword } from './password-strength.ts';
import {
  clearRateLimit,
  consumeRateLimit,
  countUse,
  refundRateLimit,
  takeAttempt,
  usesSoFar,
} from './rate-limit.ts';

const isWrongPassword = (error: unknown) =>
  error instanceof ApiError && error.code === 'UNAUTHORIZED';

/** What a throttle reads of the request: the services it counts with, the time and the address. */
function throttleContext(c: Context<AppEnv>) {
  const { db, rateLimits, env, clock } = c.get('services');
  return { db, rateLimits, now: clock(), address: clientIp(c, env.TRUST_PROXY) };
}

/**
 * The core both throttles share: runs the attempt; a success runs `succeeded` and gives this
 * browser its proof of the account, a failure runs `failed` (what it gives back or counts) and
 * is thrown on.
 */
async function throttledAttempt<T>(
  c: Context<AppEnv>,
  email: string,
  attempt: () => Promise<T>,
  on: { succeeded?: () => Promise<void>; failed: (error: unknown) => Promise<void> },
): Promise<T> {
  try {
    const result = await attempt();
    await on.succeeded?.();
    c.get('services').devices.remember(c, email);
    return result;
  } catch (error) {
    await on.failed(error);
    throw error;
  }
}

/**
 * Runs a sign-in attempt under the throttles. Only a wrong email or password counts; a success
 * clears the account's failures and gives this browser its proof of the account.
 */
export async function throttledSignIn<T>(
  c: Context<AppEnv>,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, rateLimits, now, address } = throttleContext(c);
  // A browser that proved the account before waits only for its own failures.
  const device = c.get('services').devices.read(c, email);
  const addressKey = device ? null : `sign-in:ip:${address}`;
  const attemptsKey = device
    ? `sign-in:device:${device}`
    : `sign-in:account:${email}:ip:${address}`;
  const overBudget =
    addressKey !== null && (await usesSoFar(db, addressKey, now)) >= rateLimits.signInPerIp.max;
  const backoff = overBudget
    ? { ...rateLimits.signInFailures, freeFailures: 0 }
    : rateLimits.signInFailures;
  await takeAttempt(db, attemptsKey, backoff, now);
  return throttledAttempt(c, email, attempt, {
    succeeded: () => clearRateLimit(db, attemptsKey),
    failed: async (error) => {
      if (!isWrongPassword(error)) await refundRateLimit(db, attemptsKey);
      else if (addressKey) {
        await countUse(db, addressKey, rateLimits.signInPerIp.windowSeconds, now);
      }
    },
  });
}

/**
 * Runs a sign-up attempt under the throttles. Per email from the address every attempt counts;
 * the address's budget is spent only by an account created, so refusals (an email already taken,
 * a weak password, too many tries for one email) leave the classroom's budget alone.
 */
export async function throttledSignUp<T>(
  c: Context<AppEnv>,
  email: string,
  attempt: () => Promise<T>,
): Promise<T> {
  const { db, rateLimits, now, address } = throttleContext(c);
  await consumeRateLimit(
    db,
    `sign-up:account:${email}:ip:${address}`,
    rateLimits.signUpPerAccount,
    now,
  );
  // Taken before and given back on refusal, so parallel sign-ups cannot overrun it.
  const addressKey = `sign-up:ip:${address}`;
  await consumeRateLimit(db, addressKey, rateLimits.signUpPerIp, now);
  return throttledAttempt(c, email, attempt, {
    failed: () => refundRateLimit(db, addressKey),
  });
}

export const accountExists = () =>
  new ApiError('CONFLICT', 'An account with this email already exists. Sign in instead.');

/**
 * Creates an account for `email` unless another request is creating one for it right now: that
 * one answers 409 as if the account existed (it is about to). Without it, parallel sign-ups all
 * passed the existence check and all but one failed on the unique email. The claim is a row in
 * the database, so it holds across API processes; it lapses after a minute should a process die.
 */
export async function oneSignUpPerEmail<T>(
  { db, clock }: Pick<Services, 'db' | 'clock'>,
  email: string,
  create: () => Promise<T>,
): Promise<T> {
  const key = `sign-up:in-progress:${email}`;
  if ((await countUse(db, key, 60, clock())).count > 1) throw accountExists();
  try {
    return await create();
  } finally {
    await clearRateLimit(db, key);
  }
}

/**
 * Judges a new password (sign-up, password change), refusing a weak one with the reasons. The
 * check is costly, so each address has a budget of refusals: counted before the check and given
 * back when the password passes, so parallel checks cannot overrun it.
 */
export async function refuseWeakPassword(
  { db, rateLimits, clock }: { db: Database; rateLimits: AuthRateLimits; clock: () => Date },
  address: string,
  password: string,
  { field, userInputs }: { field: string; userInputs: string[] },
): Promise<void> {
  const key = `weak-password:ip:${address}`;
  await consumeRateLimit(db, key, rateLimits.weakPasswordsPerIp, clock());
  const verdict = await judgePassword(password, userInputs).catch(async (error: unknown) => {
    await refundRateLimit(db, key);
    throw error;
  });
  if (verdict.ok) return refundRateLimit(db, key);
  throw new ApiError('VALIDATION_ERROR', `${TOAST.weakPassword}. ${verdict.reasons.join(' ')}`, {
    issues: verdict.reasons.map((message) => ({ path: field, message })),
  });
}

/** What a new password is compared with: the account's own email and the app's name. */
export const passwordUserInputs = (email: string) => [email, email.split('@')[0] ?? '', 'verba'];
