import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '@verba/db';
import { ACCESS_TEXT } from '@verba/shared';
import { APIError } from 'better-auth/api';
import type { Env } from '../../env.ts';
import { ApiError } from '../../lib/errors.ts';
import { awaitingFirstAccount } from '../admin/accounts.ts';
import { takeInvitation } from '../admin/invitations.ts';

/**
 * What a request creating an account carries: a sign-up this gate admitted already, or (single
 * sign-on) the invitation the learner came with, to be taken only if an account is created.
 */
/** The settings that decide who may create an account. */
export type SignupSettings = Pick<Env, 'SIGNUP' | 'ADMIN_EMAILS'>;

type Admission = { admitted: true } | { invitation: string | undefined };
const admission = new AsyncLocalStorage<Admission>();

/** Whether `email` may create an account whatever SIGNUP says: an admin's, or the install's first. */
async function alwaysAdmitted(
  { db, env }: { db: Database; env: SignupSettings },
  email: string,
): Promise<boolean> {
  return (
    env.SIGNUP === 'open' ||
    env.ADMIN_EMAILS.includes(email.toLowerCase()) ||
    (env.ADMIN_EMAILS.length === 0 && (await awaitingFirstAccount(db)))
  );
}

/**
 * Creates an account only when `SIGNUP` allows it: `open` always; `invite` with a usable
 * invitation (one use taken, given back if the sign-up fails); `closed` never. The very first
 * account of an install (the admin) and the addresses in ADMIN_EMAILS are always let in.
 */
export async function admitSignUp<T>(
  services: { db: Database; env: Env; clock: () => Date },
  email: string,
  invitation: string | undefined,
  create: () => Promise<T>,
): Promise<T> {
  const admitted = { admitted: true } as const;
  if (await alwaysAdmitted(services, email)) return admission.run(admitted, create);
  if (services.env.SIGNUP === 'closed') throw new ApiError('FORBIDDEN', ACCESS_TEXT.signupClosed);
  const giveBack = await takeInvitation(services.db, invitation, services.clock());
  try {
    return await admission.run(admitted, create);
  } catch (error) {
    await giveBack();
    throw error;
  }
}

/** Runs a single sign-on callback with the invitation its learner came with, if any. */
export function withInvitation<T>(invitation: string | undefined, run: () => Promise<T>) {
  return admission.run({ invitation }, run);
}

/**
 * better-auth's user-creation hook, the gate every way of creating an account passes: a sign-up
 * admitted above goes on; any other (single sign-on) meets the same rules here.
 */
export async function refuseUnadmittedAccount(
  db: Database,
  env: SignupSettings,
  email: string,
): Promise<void> {
  const current = admission.getStore();
  if (current && 'admitted' in current) return;
  if (await alwaysAdmitted({ db, env }, email)) return;
  const signup = env.SIGNUP;
  const refuse = (message: string) => new APIError('FORBIDDEN', { code: 'SIGNUP_CLOSED', message });
  if (signup === 'closed' || !current?.invitation) {
    throw refuse(
      signup === 'closed' ? ACCESS_TEXT.signupClosed : ACCESS_TEXT.signupNeedsInvitation,
    );
  }
  await takeInvitation(db, current.invitation, new Date()).catch(() => {
    throw refuse(ACCESS_TEXT.invitationInvalid);
  });
}
