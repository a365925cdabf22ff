import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/harness.ts';
import { Figures } from './figures.ts';
import { validInstance } from './json-fuzz.ts';
import { leakIn } from './leaks.ts';
import {
  documentedOperations,
  pathOf,
  sendsBody,
  servedOperations,
  type Operation,
} from './openapi-operations.ts';
import { answerText, exportOf, seedOwner, startSecurityHarness, type Owner } from './setup.ts';

// The authorization matrix, generated from /api/openapi.json: every documented operation is
// called anonymously, with forged and ended session cookies, and by another learner aiming at
// each of the owner's ids in every id slot (path and body). The hand-written route table in
// authorization.int.test.ts says who may call each route; this covers every id and cookie.
const { t, ai } = await startSecurityHarness();
const operations = await documentedOperations(t);
const figures = new Figures();
let owner: Owner;
let ownerBefore: unknown;
let endedSessionCookie: string;

beforeAll(async () => {
  owner = await seedOwner(t);
  ownerBefore = await exportOf(t, owner.user);
  const gone = await t.signUp();
  const signOut = await t.request('/api/auth/sign-out', {
    method: 'POST',
    cookie: gone.cookie,
    json: {},
  });
  expect(signOut.status).toBe(200);
  endedSessionCookie = gone.cookie;
});
afterAll(async () => {
  figures.print('authorization matrix', operations.length);
  await t.close();
  await ai.close();
});

async function call(
  op: Operation,
  cookie: string | undefined,
  params: Record<string, string> = {},
  body: unknown = sendsBody(op) ? validInstance(op.body ?? { type: 'object' }) : undefined,
  /** What the caller sent before: an id of the owner's it gave its own word may come back. */
  sentBefore = '',
) {
  const path = pathOf(op, params);
  const response = await t.request(path, {
    method: op.method,
    ...(cookie ? { cookie } : {}),
    ...(body !== undefined ? { json: body } : {}),
  });
  figures.count(response.status);
  const text = await answerText(response);
  expect(response.status, `${op.name}: ${text.slice(0, 200)}`).toBeLessThan(500);
  expect(leakIn(text), `${op.name}: ${text.slice(0, 200)}`).toBeNull();
  // An id the caller sent itself may come back (their own word saved under it); nothing else may.
  const sent = `${sentBefore} ${path} ${JSON.stringify(body)}`;
  for (const secret of owner.secrets.filter((s) => !sent.includes(s)))
    expect(text, op.name).not.toContain(secret);
  return { status: response.status, text, sent };
}

/**
 * Other learners, each still signed in: some routes sign the caller out, change its password or
 * delete it, and the next route gets a new one. The `squatter` sends the owner's ids in bodies
 * (saving its own word under one, say); the `prowler` aims at them in paths only, so nothing of
 * its own ever carries the owner's ids.
 */
interface Intruder {
  user: TestUser;
  /** Everything it has sent so far: ids of the owner's it gave its own things may come back. */
  sent: string;
}
const intruders = new Map<'squatter' | 'prowler', Intruder>();
async function intruderAs(role: 'squatter' | 'prowler'): Promise<Intruder> {
  const current = intruders.get(role);
  if (current) {
    const check = await t.request('/api/profile', { cookie: current.user.cookie });
    if (check.status === 200) return current;
  }
  const fresh = { user: await t.signUp(), sent: '' };
  intruders.set(role, fresh);
  return fresh;
}

/** The owner's session cookie with its value changed by `change`. */
function forged(change: (value: string) => string): string {
  const [name, value = ''] = owner.user.cookie.split('=');
  return `${name}=${change(decodeURIComponent(value))}`;
}

describe('the OpenAPI document', () => {
  it('documents every /api route the app serves, so the matrix reaches each', () => {
    const documented = operations.map((op) => op.name).sort();
    const served = servedOperations(t).filter((name) => name !== 'GET /api/openapi.json');
    expect(documented).toEqual(served);
  });
});

const signedIn = operations.filter((op) => op.signedIn && !op.path.startsWith('/api/auth/'));

describe.each(signedIn)('$name', (op) => {
  it('answers 401 to no cookie, a made-up one, a tampered one and an ended session', async () => {
    const cookieName = t.services.sessions.cookieName;
    for (const cookie of [
      undefined,
      `${cookieName}=${crypto.randomUUID()}.${crypto.randomUUID()}`,
      forged((value) => `${value.slice(0, -2)}${value.endsWith('AA') ? 'BB' : 'AA'}`),
      forged((value) => value.split('.')[0] ?? ''),
      forged((value) => `${crypto.randomUUID()}.${value.split('.')[1] ?? ''}`),
      endedSessionCookie,
    ]) {
      const { status, text } = await call(op, cookie, { id: owner.ids[0] ?? '' });
      expect(status, `${op.name} with ${cookie ?? 'no cookie'}`).toBe(401);
      expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
  });

  it("never reaches the owner's data through any of their ids", async () => {
    const aimsInPath = op.pathParams.length > 0;
    const intruder = await intruderAs(aimsInPath ? 'prowler' : 'squatter');
    for (const ownerId of owner.ids) {
      const params = Object.fromEntries(op.pathParams.map((name) => [name, ownerId]));
      const body = sendsBody(op)
        ? validInstance(op.body ?? { type: 'object' }, () =>
            aimsInPath ? crypto.randomUUID() : ownerId,
          )
        : undefined;
      const answer = await call(op, intruder.user.cookie, params, body, intruder.sent);
      intruder.sent = answer.sent;
      // Admin routes refuse every learner who is not an admin before looking at the id.
      const refused = op.path.startsWith('/api/admin') ? 403 : 404;
      if (aimsInPath) expect(answer.status, `${op.name} at ${ownerId}`).toBe(refused);
    }
  });
});

describe.each(operations.filter((op) => !signedIn.includes(op)))('$name (public)', (op) => {
  it("shows no learner's data to a caller without a session", async () => {
    await call(op, undefined);
    await call(op, endedSessionCookie);
  });
});

describe('after the whole matrix', () => {
  it("left the owner's data as it was", async () => {
    expect(await exportOf(t, owner.user)).toEqual(ownerBefore);
  });
});
