// Learners writing as the app does while the suite breaks things under them: word saves and
// practice answers, each with an id made by the client, each repeated with the same id until the
// server acknowledges it (the app's outbox), and some acknowledged ones sent again on purpose.
// The ledger records what was acknowledged, so the database can be checked against it.
import { randomUUID } from 'node:crypto';

/** What every request ended as, for the figures. */
export interface Ledger {
  /** Word ids the server acknowledged (201, or 200 for a repeat). */
  words: Set<string>;
  /** Answer ids the server acknowledged. */
  answers: Set<string>;
  /** The learners' user ids (for the database checks). */
  userIds: string[];
  /** Acknowledged writes sent again with the same id on purpose, and answered 2xx. */
  replays: number;
  /** Writes whose answer was lost with the connection, sent again with the same id. */
  resent: number;
  /** Answers 503 with Retry-After (the server stopping, or its database out of reach). */
  unavailable: number;
  /** Requests refused at connect: no server listening (down between a stop and a start). */
  refused: number;
  /** Infinity rounds acknowledged, then gone after a kill -9 before any answer (decision 010). */
  roundsLost: number;
  /** Anything else: a 5xx other than 503 with Retry-After, a 4xx, a request that hung. */
  unexpected: string[];
  /** Latency of every answered request, ms. */
  latencies: number[];
  /** Set when the server stayed out of reach too long: the writers stop. */
  abandoned: boolean;
}

export function newLedger(): Ledger {
  return {
    words: new Set(),
    answers: new Set(),
    userIds: [],
    replays: 0,
    resent: 0,
    unavailable: 0,
    refused: 0,
    roundsLost: 0,
    unexpected: [],
    latencies: [],
    abandoned: false,
  };
}

export const acknowledged = (ledger: Ledger) => ledger.words.size + ledger.answers.size;

/** A request that took longer than this is reported as hanging. */
const HANG_MS = 30_000;
/** A server refusing connections for this long is not coming back (it crashed). */
const GONE_MS = 120_000;
/** Acknowledged writes sent again on purpose. */
const REPLAY_SHARE = 0.05;
const PASSWORD = 'violet-harbour-lantern-42';

interface Item {
  index: number;
  type: 'flashcard' | 'multiple-choice' | 'spelling';
}
interface Round {
  id: string;
  items: Item[];
  next: number;
  answered: boolean;
}

type Sent =
  | { kind: 'answered'; status: number; body: unknown; retryAfter: string | null }
  | { kind: 'refused' }
  | { kind: 'lost' }
  | { kind: 'hung' };

/** Sends one request; a connection refused, lost or hanging is an outcome, not an error. */
async function send(
  ledger: Ledger,
  url: string,
  path: string,
  init: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<Sent> {
  const started = performance.now();
  try {
    const response = await fetch(url + path, {
      method: init.method ?? 'GET',
      headers: {
        'content-type': 'application/json',
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(HANG_MS),
    });
    const text = await response.text();
    ledger.latencies.push(performance.now() - started);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON
    }
    return {
      kind: 'answered',
      status: response.status,
      body,
      retryAfter: response.headers.get('retry-after'),
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') return { kind: 'hung' };
    const code = (error as { cause?: { code?: string } }).cause?.code;
    return code === 'ECONNREFUSED' ? { kind: 'refused' } : { kind: 'lost' };
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends a write until the server acknowledges it, the same id each time. Returns the body of the
 * acknowledgement, or null when the server refused it for good (then `onRefused` decides).
 */
async function untilAcknowledged(
  ledger: Ledger,
  url: () => string,
  path: string,
  cookie: string,
  body: unknown,
  onStatus: (status: number, body: unknown) => 'give-up' | 'unexpected' = () => 'unexpected',
): Promise<unknown> {
  let refusedSince: number | undefined;
  for (let attempt = 0; ; attempt++) {
    if (ledger.abandoned) return null;
    const sent = await send(ledger, url(), path, { method: 'POST', cookie, body });
    if (sent.kind === 'refused') {
      ledger.refused++;
      refusedSince ??= performance.now();
      if (performance.now() - refusedSince > GONE_MS) {
        ledger.unexpected.push(`the server refused connections for ${GONE_MS / 1000} s`);
        ledger.abandoned = true;
        return null;
      }
      await pause(100);
      continue;
    }
    refusedSince = undefined;
    if (sent.kind === 'lost') {
      ledger.resent++;
      await pause(50);
      continue;
    }
    if (sent.kind === 'hung') {
      ledger.unexpected.push(`POST ${path} hung for ${HANG_MS} ms`);
      continue;
    }
    if (sent.status >= 200 && sent.status < 300) return sent.body;
    if (sent.status === 503 && sent.retryAfter) {
      ledger.unavailable++;
      await pause(200);
      continue;
    }
    if (onStatus(sent.status, sent.body) === 'give-up') return null;
    ledger.unexpected.push(`POST ${path}: ${sent.status} ${JSON.stringify(sent.body)}`);
    if (sent.status >= 500 && attempt < 20) {
      await pause(200);
      continue;
    }
    return null;
  }
}

/** Signs a learner up and returns the session cookie, which this process has not checked yet. */
export async function signUp(url: string, name: string): Promise<{ id: string; cookie: string }> {
  const email = `chaos-${name}-${randomUUID().slice(0, 8)}@example.com`;
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, cookie: response.headers.getSetCookie()[0]?.split(';')[0] ?? '' };
}

/** One learner's session of writes; a few run side by side. */
export class Learner {
  private round: Round | undefined;
  private saved = 0;

  private constructor(
    private readonly ledger: Ledger,
    private readonly url: () => string,
    private readonly name: string,
    private readonly cookie: string,
  ) {}

  /** Signs a new learner up, onboards them and saves the words their rounds practise. */
  static async create(
    ledger: Ledger,
    url: () => string,
    name: string,
    words = 20,
  ): Promise<Learner> {
    const { id, cookie } = await signUp(url(), name);
    ledger.userIds.push(id);
    const learner = new Learner(ledger, url, name, cookie);
    await untilAcknowledged(ledger, url, '/api/profile/onboarding', cookie, {
      nativeLanguage: 'en',
      targetLanguage: 'es',
    });
    for (let i = 0; i < words; i++) await learner.saveWord();
    return learner;
  }

  /** The session cookie, for streams and reads. */
  get session(): string {
    return this.cookie;
  }

  /** One write: a word save, or the next answer of the learner's round (started when needed). */
  async step(): Promise<void> {
    if (Math.random() < 0.4) return this.saveWord();
    if (!this.round || this.round.next >= this.round.items.length) await this.startRound();
    if (this.round) await this.answer(this.round);
  }

  async saveWord(): Promise<void> {
    const id = randomUUID();
    const body = { id, word: `chaos ${this.name} ${this.saved++}`, translation: 'x' };
    const saved = await untilAcknowledged(this.ledger, this.url, '/api/words', this.cookie, body);
    if (saved === null) return;
    this.ledger.words.add(id);
    await this.maybeReplay('/api/words', body);
  }

  private async startRound(): Promise<void> {
    const id = randomUUID();
    const session = (await untilAcknowledged(
      this.ledger,
      this.url,
      '/api/practice/sessions',
      this.cookie,
      { id, mode: 'infinity', timeZone: 'UTC' },
    )) as { id: string; items: Item[] } | null;
    this.round = session
      ? { id: session.id, items: session.items, next: 0, answered: false }
      : undefined;
  }

  private async answer(round: Round): Promise<void> {
    const item = round.items[round.next];
    if (!item) return;
    const id = randomUUID();
    const body = {
      id,
      itemIndex: item.index,
      answer:
        item.type === 'flashcard'
          ? { type: 'flashcard', knew: Math.random() < 0.7 }
          : item.type === 'multiple-choice'
            ? { type: 'multiple-choice', optionIndex: Math.floor(Math.random() * 4) }
            : { type: 'spelling', text: 'chaos' },
      responseTimeMs: 1500,
    };
    const path = `/api/practice/sessions/${round.id}/answers`;
    const result = await untilAcknowledged(
      this.ledger,
      this.url,
      path,
      this.cookie,
      body,
      (status) => {
        // A round acknowledged but never answered may go with a kill -9 on the embedded
        // database (decision 010); one that has an acknowledged answer may not.
        if (status === 404 && !round.answered) {
          this.ledger.roundsLost++;
          return 'give-up';
        }
        return 'unexpected';
      },
    );
    if (result === null) {
      this.round = undefined;
      return;
    }
    round.answered = true;
    round.next++;
    this.ledger.answers.add(id);
    await this.maybeReplay(path, body);
  }

  /** Sends an acknowledged write again now and then: it must be answered 2xx and count once. */
  private async maybeReplay(path: string, body: unknown): Promise<void> {
    if (Math.random() >= REPLAY_SHARE) return;
    const again = await untilAcknowledged(this.ledger, this.url, path, this.cookie, body);
    if (again !== null) this.ledger.replays++;
  }
}

/**
 * Runs the learners' writes side by side until `done()` says so; resolves when every learner has
 * finished the write it was making.
 */
export async function writeUntil(
  ledger: Ledger,
  learners: Learner[],
  done: () => boolean,
): Promise<void> {
  await Promise.all(
    learners.map(async (learner) => {
      while (!done() && !ledger.abandoned) await learner.step();
    }),
  );
}
