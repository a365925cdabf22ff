// What a small installation lives: learners practising at once. Most requests are answers, then
// the screens around a round (the profile, the word list) and now and then a new round or a saved
// word, in the shares below.
import { randomUUID } from 'node:crypto';
import { ANSWER_HEADERS, CookieJar, answerBody, startBody } from '../load.ts';
import { seedWords, signedInLearner } from '../server.ts';
import type { Arrival } from './arrivals.ts';

interface Item {
  sessionId: string;
  index: number;
  type: 'flashcard' | 'multiple-choice' | 'spelling';
}

export interface Learner {
  jar: CookieJar;
  /** Items of the rounds this learner started, not answered yet. */
  items: Item[];
  savedWords: number;
}

/** Shares of the mix, in percent. */
export const PRACTICE_MIX = [
  { name: 'answer', group: 'write', share: 50 },
  { name: 'start a round', group: 'write', share: 5 },
  { name: 'profile read', group: 'read', share: 15 },
  { name: 'word list', group: 'read', share: 12 },
  { name: 'word list, search', group: 'read', share: 5 },
  { name: 'word list, next review', group: 'read', share: 5 },
  { name: 'save a word', group: 'write', share: 5 },
  { name: 'profile write', group: 'write', share: 3 },
] as const;

type MixEntry = (typeof PRACTICE_MIX)[number];

/** Rounds a learner keeps items of; more starts only count. */
const ITEMS_KEPT = 160;

function startArrival(learner: Learner): Arrival {
  return {
    kind: 'start a round',
    group: 'write',
    method: 'POST',
    path: '/api/practice/sessions',
    headers: { cookie: learner.jar.header(), 'content-type': 'application/json' },
    body: startBody(),
    onBody: (status, body) => {
      if (status !== 201 || learner.items.length >= ITEMS_KEPT) return;
      const session = JSON.parse(body) as { id: string; items: Omit<Item, 'sessionId'>[] };
      for (const item of session.items) learner.items.push({ sessionId: session.id, ...item });
    },
  };
}

/** Signs up `count` learners with `words` words each and starts a round for each. */
export async function practisingLearners(
  url: string,
  count: number,
  words: number,
): Promise<Learner[]> {
  const learners: Learner[] = [];
  const one = async () => {
    const learner: Learner = {
      jar: new CookieJar(await signedInLearner(url)),
      items: [],
      savedWords: 0,
    };
    await seedWords(url, learner.jar.header(), words);
    const start = startArrival(learner);
    const response = await fetch(`${url}${start.path}`, {
      method: 'POST',
      headers: start.headers,
      body: start.body ?? null,
    });
    start.onBody?.(response.status, await response.text());
    learners.push(learner);
  };
  for (let k = 0; k < count; k += 4) {
    await Promise.all(Array.from({ length: Math.min(4, count - k) }, one));
  }
  return learners;
}

function pick(): MixEntry {
  let roll = Math.random() * 100;
  for (const entry of PRACTICE_MIX) {
    roll -= entry.share;
    if (roll < 0) return entry;
  }
  return PRACTICE_MIX[0];
}

/** The next arrival of the mix, from learners taken in turn. */
export function practiceArrivals(learners: Learner[]): () => Arrival {
  let turn = 0;
  return () => {
    const learner = learners[turn++ % learners.length]!;
    const entry = pick();
    const headers = { cookie: learner.jar.header(), 'content-type': 'application/json' };
    const get = (path: string): Arrival => ({
      kind: entry.name,
      group: 'read',
      method: 'GET',
      path,
      headers,
    });
    switch (entry.name) {
      case 'answer': {
        const item = learner.items.shift();
        if (!item) return startArrival(learner);
        return {
          kind: 'answer',
          group: 'write',
          method: 'POST',
          path: `/api/practice/sessions/${item.sessionId}/answers`,
          headers: { ...headers, ...ANSWER_HEADERS },
          body: answerBody(item),
        };
      }
      case 'start a round':
        return startArrival(learner);
      case 'profile read':
        return get('/api/profile');
      case 'word list':
        return get('/api/words?limit=50');
      case 'word list, search':
        return get('/api/words?search=or&limit=50');
      case 'word list, next review':
        return get('/api/words?sort=review&limit=50');
      case 'save a word':
        return {
          kind: entry.name,
          group: 'write',
          method: 'POST',
          path: '/api/words',
          headers,
          body: JSON.stringify({
            id: randomUUID(),
            word: `palabra nueva ${learner.savedWords++} ${randomUUID().slice(0, 8)}`,
            translation: 'a new word',
          }),
        };
      case 'profile write':
        return {
          kind: entry.name,
          group: 'write',
          method: 'PATCH',
          path: '/api/profile',
          headers,
          body: JSON.stringify({ displayName: `Learner ${turn % 1000}` }),
        };
    }
  };
}
