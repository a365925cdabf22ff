import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

/** A device keeps its proof of an earlier sign-in for a year (browsers cap cookies at 400 days). */
const ONE_YEAR = 365 * 24 * 60 * 60;

/**
 * Proof that this browser signed in to an account before: a random device id and, bound to it,
 * the account's email, signed with the server's secret. A sign-in that carries it is throttled on
 * that device alone, so someone failing from the same school address cannot lock the owner out
 * (decision 013). It proves nothing by itself: the password is still checked.
 */
export interface DeviceCookies {
  /** The device id when the request carries a valid proof for `email`, else null. */
  read: (c: Context, email: string) => string | null;
  /** Gives this browser (a new or its existing) proof for `email`. */
  remember: (c: Context, email: string) => void;
}

export function createDeviceCookies(secret: string, secure: boolean): DeviceCookies {
  // The __Host- prefix keeps other sites on the same domain from setting it.
  const name = secure ? '__Host-verba.device' : 'verba.device';
  const sign = (id: string, email: string) =>
    createHmac('sha256', secret).update(`verba-device\0${id}\0${email}`).digest('base64url');
  const parse = (c: Context) => {
    const [id, email, signature] = (getCookie(c, name) ?? '').split('.');
    return id && email && signature ? { id, email, signature } : null;
  };
  return {
    read(c, email) {
      const proof = parse(c);
      if (!proof || Buffer.from(proof.email, 'base64url').toString() !== email) return null;
      const expected = Buffer.from(sign(proof.id, email));
      const given = Buffer.from(proof.signature);
      return expected.length === given.length && timingSafeEqual(expected, given) ? proof.id : null;
    },
    remember(c, email) {
      const id = parse(c)?.id ?? randomBytes(16).toString('base64url');
      const value = [id, Buffer.from(email).toString('base64url'), sign(id, email)].join('.');
      setCookie(c, name, value, {
        httpOnly: true,
        secure,
        sameSite: 'Lax',
        path: '/',
        maxAge: ONE_YEAR,
      });
    },
  };
}
