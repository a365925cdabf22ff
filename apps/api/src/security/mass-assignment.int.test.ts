import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Figures } from './figures.ts';
import { validInstance } from './json-fuzz.ts';
import {
  documentedOperations,
  pathOf,
  sendsBody,
  type JsonSchema,
  type Operation,
} from './openapi-operations.ts';
import { exportOf, seedOwner, startSecurityHarness, type Owner } from './setup.ts';

// Mass assignment: no write takes a field the server keeps for itself. Every documented JSON
// body refuses properties it does not declare (with a 400, changing nothing), and none declares
// a field that says whose a thing is, when it was made, or what the scheduler computed.
const { t, ai } = await startSecurityHarness();
const writes = (await documentedOperations(t)).filter(
  (op): op is Operation & { body: JsonSchema } => sendsBody(op) && op.body?.type === 'object',
);
const figures = new Figures();
let owner: Owner;
let victim: Owner;

beforeAll(async () => {
  owner = await seedOwner(t);
  victim = await seedOwner(t);
});
afterAll(async () => {
  figures.print('mass assignment', writes.length);
  await t.close();
  await ai.close();
});

/** Names of fields only the server sets: ownership, times, account standing, scheduler state. */
const SERVER_KEPT =
  /^(user_?id|owner_?id|account_?id|created_?at|updated_?at|deleted_?at|email_?verified|role|is_?admin|admin|total_?reviews|correct_?reviews|success_?rate|stability|difficulty|lapses|last_?review|next_?review_?date|interval|repetitions|ease_?factor|mastered|sample_?key|session_?token)$/i;

/** Values an attacker would smuggle in, each easy to find again in an export. */
function smuggled(): Record<string, unknown> {
  return {
    userId: victim.user.id,
    user_id: victim.user.id,
    ownerId: victim.user.id,
    createdAt: '1999-01-01T00:00:00.000Z',
    updatedAt: '1999-01-01T00:00:00.000Z',
    emailVerified: true,
    role: 'admin',
    isAdmin: true,
    totalReviews: 987654,
    successRate: 0.987654,
    stability: 987654,
    nextReviewDate: '1999-01-01T00:00:00.000Z',
    mastered: true,
  };
}

describe('documented write bodies', () => {
  it('refuse undeclared properties and declare no field the server keeps', () => {
    expect(writes.length).toBeGreaterThan(10);
    for (const op of writes) {
      expect(op.body.additionalProperties, op.name).toBe(false);
      const declared = Object.keys(op.body.properties ?? {});
      expect(
        declared.filter((name) => SERVER_KEPT.test(name)),
        op.name,
      ).toEqual([]);
    }
  });
});

describe.each(writes)('$name', (op) => {
  it('refuses a valid body carrying server-kept fields, and changes nothing', async () => {
    const before = await exportOf(t, owner.user);
    const victimBefore = await exportOf(t, victim.user);
    const valid = validInstance(op.body) as Record<string, unknown>;
    for (const body of [
      { ...valid, ...smuggled() },
      // One at a time too: a schema that strips unknown keys would pass each alone.
      ...Object.entries(smuggled()).map(([key, value]) => ({ ...valid, [key]: value })),
    ]) {
      const response = await t.request(pathOf(op, { id: owner.ids[0] ?? '' }), {
        method: op.method,
        cookie: owner.user.cookie,
        json: body,
      });
      figures.count(response.status);
      const text = await response.text();
      expect(response.status, `${op.name}: ${text.slice(0, 200)}`).toBe(400);
      const { error } = JSON.parse(text) as { error: { code: string; issues?: unknown[] } };
      expect(error.code).toBe('VALIDATION_ERROR');
      // Refused for the smuggled fields, not for something else wrong with the body.
      for (const key of Object.keys(body).filter((k) => !(k in valid)))
        expect(JSON.stringify(error.issues), `${op.name}: ${key}`).toContain(key);
    }
    expect(await exportOf(t, owner.user)).toEqual(before);
    expect(await exportOf(t, victim.user)).toEqual(victimBefore);
  });
});
