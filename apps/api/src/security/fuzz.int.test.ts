import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../testing/harness.ts';
import { Figures } from './figures.ts';
import { fuzzBodies } from './json-fuzz.ts';
import { leakIn } from './leaks.ts';
import { documentedOperations, pathOf, sendsBody, type Operation } from './openapi-operations.ts';
import { seedOwner, startSecurityHarness } from './setup.ts';

/** Bodies sent to each JSON endpoint; the same ones on every run (seeded by the route). */
const BODIES_PER_ENDPOINT = 200;
/**
 * A password field's strength check costs up to a second of CPU per body on a busy machine, so
 * the endpoints that take one need minutes rather than the default minute.
 */
const ENDPOINT_TIMEOUT_MS = 300_000;

// A seeded fuzz of every documented endpoint that takes a JSON body: broken JSON, other shapes,
// and the valid body with fields removed, swapped for hostile values or added. However bad the
// body, the answer is never a 5xx, never shows a stack or the database talking, and every
// refusal is the JSON error envelope.
const { t, ai } = await startSecurityHarness();
const endpoints = (await documentedOperations(t)).filter(
  (op) => sendsBody(op) || op.body !== undefined,
);
const figures = new Figures();
// A learner with data at the ids the endpoints aim at, so a body can reach past validation.
const owner = await seedOwner(t);

afterAll(async () => {
  figures.print('fuzz', endpoints.length, `${BODIES_PER_ENDPOINT} bodies each`);
  await t.close();
  await ai.close();
});

let learner: TestUser | undefined = owner.user;
/** The fuzzing learner, signed in again after a body that signed it out or deleted it. */
async function signedInLearner(): Promise<TestUser> {
  if (learner) return learner;
  learner = await t.signUp();
  return learner;
}

const seedOf = (op: Operation) => createHash('sha256').update(op.name).digest().readUInt32LE(0);

describe.each(endpoints)('$name', (op) => {
  it(
    `answers ${BODIES_PER_ENDPOINT} fuzzed bodies without a 5xx or a leak`,
    async () => {
      const bodies = fuzzBodies(op.body, seedOf(op), BODIES_PER_ENDPOINT);
      expect(bodies).toHaveLength(BODIES_PER_ENDPOINT);
      for (const { label, text } of bodies) {
        const user = await signedInLearner();
        const response = await t.request(pathOf(op, { id: owner.ids[0] ?? '' }), {
          method: op.method,
          cookie: user.cookie,
          headers: { 'content-type': 'application/json' },
          body: text,
        });
        figures.count(response.status);
        const answer = await response.text();
        const what = `${op.name}, ${label}: ${response.status} ${answer.slice(0, 300)}`;
        expect(response.status, what).toBeLessThan(500);
        expect(leakIn(answer), what).toBeNull();
        if (response.status >= 400) {
          expect(response.headers.get('content-type'), what).toMatch(/application\/json/);
          const envelope = JSON.parse(answer) as { error?: { code?: unknown; message?: unknown } };
          expect(typeof envelope.error?.code, what).toBe('string');
          expect(typeof envelope.error?.message, what).toBe('string');
        } else if (op.signedIn) {
          // The body was taken: if it signed the learner out or deleted them, use another.
          const check = await t.request('/api/profile', { cookie: user.cookie });
          if (check.status === 401) learner = undefined;
        }
      }
    },
    ENDPOINT_TIMEOUT_MS,
  );
});
