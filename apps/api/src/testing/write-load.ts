import { randomUUID } from 'node:crypto';
import type { PracticeSession } from '@verba/shared';
import { expect } from 'vitest';
import type { RunningServer } from '../server.ts';
import { GOOD_PASSWORD, uniqueEmail } from './harness.ts';

/**
 * Learners writing to a real server while it is backed up: the restore tests on both databases
 * check that every write acknowledged before the backup began comes back, and that the old
 * sessions and passwords still sign in.
 */
export type Call = (
  path: string,
  init?: { method?: string; cookie?: string; json?: unknown },
) => Promise<Response>;

export interface Learner {
  email: string;
  cookie: string;
}

export interface Write {
  learner: Learner;
  kind: 'word' | 'answer';
  id: string;
  /** When the server acknowledged it. */
  at: number;
}

export function client(server: RunningServer): Call {
  const origin = `http://localhost:${server.port}`;
  return async (path, init = {}) =>
    fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
    });
}

export async function signUp(call: Call): Promise<Learner> {
  const email = uniqueEmail();
  const response = await call('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password: GOOD_PASSWORD },
  });
  expect(response.status).toBe(200);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { email, cookie };
}

function answerFor(session: PracticeSession, index: number) {
  const item = session.items[index]!;
  const word = session.words.find((w) => w.id === item.wordId)!;
  if (item.type === 'flashcard') return { type: 'flashcard', knew: true };
  if (item.type === 'multiple-choice') {
    return { type: 'multiple-choice', optionIndex: item.options!.indexOf(word.translation) };
  }
  return { type: 'spelling', text: word.word };
}

export const exportOf = async (call: Call, learner: Learner) => {
  const response = await call('/api/account/export', { cookie: learner.cookie });
  expect(response.status).toBe(200);
  const { exportedAt: _at, ...data } = (await response.json()) as Record<string, unknown>;
  return data as { words: { id: string }[]; reviewLog: { clientId: string }[] } & Record<
    string,
    unknown
  >;
};

export interface Learners {
  /** They keep adding words and answering their practice session's items. */
  writers: Learner[];
  sessions: Map<Learner, PracticeSession>;
  /** Writes nothing during the backup: restored, their data must be exactly as it was. */
  resting: Learner;
  restingBefore: Awaited<ReturnType<typeof exportOf>>;
}

/** Two writers with words and an open practice session, and one learner at rest. */
export async function seedLearners(call: Call): Promise<Learners> {
  const writers = await Promise.all([1, 2].map(() => signUp(call)));
  const resting = await signUp(call);
  for (const learner of [...writers, resting]) {
    for (let i = 0; i < 4; i++) {
      const response = await call('/api/words', {
        method: 'POST',
        cookie: learner.cookie,
        json: { id: randomUUID(), word: `Wort ${i}`, translation: `word ${i}` },
      });
      expect(response.status).toBe(201);
    }
  }
  const sessions = new Map<Learner, PracticeSession>();
  for (const learner of writers) {
    const response = await call('/api/practice/sessions', {
      method: 'POST',
      cookie: learner.cookie,
      json: { id: randomUUID(), mode: 'daily', timeZone: 'UTC' },
    });
    expect(response.status).toBe(201);
    sessions.set(learner, (await response.json()) as PracticeSession);
  }
  return { writers, sessions, resting, restingBefore: await exportOf(call, resting) };
}

/** Each writer adds words and answers its session's items, one write after another, until stopped. */
export function startWriting(call: Call, learners: Learners) {
  const acknowledged: Write[] = [];
  let writing = true;
  let warm: () => void = () => {};
  const warmedUp = new Promise<void>((resolve) => (warm = resolve));
  let waiting: (() => void)[] = [];
  const isWarm = () =>
    learners.writers.every((learner) =>
      (['word', 'answer'] as const).every((kind) =>
        acknowledged.some((w) => w.learner === learner && w.kind === kind),
      ),
    );
  const load = learners.writers.map(async (learner) => {
    const session = learners.sessions.get(learner)!;
    for (let n = 0; writing; n++) {
      const id = randomUUID();
      const answering = n % 2 === 1 && n / 2 < session.items.length - 1;
      const response = answering
        ? await call(`/api/practice/sessions/${session.id}/answers`, {
            method: 'POST',
            cookie: learner.cookie,
            json: {
              id,
              itemIndex: Math.floor(n / 2),
              answer: answerFor(session, Math.floor(n / 2)),
              responseTimeMs: 1_500,
            },
          })
        : await call('/api/words', {
            method: 'POST',
            cookie: learner.cookie,
            json: { id, word: `Last ${n}`, translation: `load ${n}` },
          });
      expect(response.status, await response.clone().text()).toBeLessThan(300);
      acknowledged.push({ learner, kind: answering ? 'answer' : 'word', id, at: Date.now() });
      if (isWarm()) warm();
      for (const resolve of waiting) resolve();
      waiting = [];
    }
  });
  return {
    acknowledged,
    /** Once every writer has a word and an answer acknowledged. */
    warmedUp,
    /** Resolves once the next write is acknowledged. */
    nextWrite: () => new Promise<void>((resolve) => waiting.push(resolve)),
    stop: async () => {
      writing = false;
      await Promise.all(load);
    },
  };
}

/**
 * On the restored server: every learner's old session and password sign in, the resting learner's
 * data is unchanged and each write acknowledged before the backup began is there.
 */
export async function expectWritesKept(call: Call, learners: Learners, before: Write[]) {
  const { writers, resting, restingBefore } = learners;
  for (const learner of [...writers, resting]) {
    expect((await call('/api/profile', { cookie: learner.cookie })).status).toBe(200);
    const signIn = await call('/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: learner.email, password: GOOD_PASSWORD },
    });
    expect(signIn.status).toBe(200);
  }
  expect(await exportOf(call, resting)).toEqual(restingBefore);
  for (const learner of writers) {
    const data = await exportOf(call, learner);
    // An answer is kept in the review log under the id the app gave it.
    const ids = new Set([...data.words.map((w) => w.id), ...data.reviewLog.map((r) => r.clientId)]);
    for (const write of before.filter((w) => w.learner === learner)) {
      expect(ids.has(write.id), `${write.kind} ${write.id}`).toBe(true);
    }
  }
}
