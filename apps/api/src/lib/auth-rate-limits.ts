import type { Env } from '../env.ts';
import type { Backoff, Limit } from './rate-limit.ts';

/** The budgets of the sign-in and sign-up throttles (lib/auth-throttle.ts, decision 013). */
export interface AuthRateLimits {
  /**
   * Failed sign-ins from one address. Past it the address keeps no free tries: each wrong password
   * for an account from there makes its next try wait. A right password still gets through.
   */
  signInPerIp: Limit;
  /** Wrong passwords for one account from one address (or one device), before each try waits. */
  signInFailures: Backoff;
  /** Accounts created from one address. */
  signUpPerIp: Limit;
  /** Sign-up attempts for one email from one address. */
  signUpPerAccount: Limit;
  /** New passwords refused as too weak, per address (sign-up and password change). */
  weakPasswordsPerIp: Limit;
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
    weakPasswordsPerIp: { max: env.AUTH_RATE_LIMIT_SIGN_UP, windowSeconds: ONE_HOUR },
  };
}
