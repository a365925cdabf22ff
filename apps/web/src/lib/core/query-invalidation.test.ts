import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryClient } from '@tanstack/react-query';
import type { FeedState, PracticeSession } from '@verba/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { markEverythingStale, markStale, STALE_AFTER, STALE_TARGETS } from './query-invalidation';
import { queryKeys } from './query-keys';

const webSrc = fileURLToPath(new URL('../..', import.meta.url));
const repo = fileURLToPath(new URL('../../../../..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}
const sources = sourceFiles(webSrc).map((path) => ({
  path: relative(webSrc, path),
  text: readFileSync(path, 'utf8'),
}));

/** Mutations that leave every cached query as it was, and why. */
const CHANGE_NOTHING_CACHED: Record<string, string> = {
  'features/words/api/generate-word.ts': 'a card is generated, nothing is saved',
  'features/groups/api/generate-groups.ts': "the groups arrive later as 'groups.changed'",
  'features/feedback/api/submit-feedback.ts': 'feedback is sent, nothing shown changes',
  // Sign-in, sign-up, sign-out and account deletion replace the whole cache.
  'features/auth/api/sign-in.ts': 'replaces the session and the profile',
  'features/auth/api/sign-up.ts': 'replaces the session and the profile',
  'features/auth/api/sign-out.ts': 'clears the cache',
  'features/account/api/change-password.ts': 'a password change shows nothing',
  'features/account/api/download-my-data.ts': 'the export reads',
  'features/account/api/export-words.ts': 'the Anki, CSV and TSV exports read',
  'features/account/api/delete-account.ts': 'account deletion clears the cache',
  'features/auth/api/password-reset.ts': 'asked for signed out: a reset link, then a new password',
  'features/auth/api/resend-verification.ts':
    'a confirmation link is mailed, nothing shown changes',
};

/** Query families no learner's write changes, and why. */
const CHANGED_BY_NO_WRITE: Record<string, string> = {
  session: 'who is signed in: sign-in and sign-out replace the whole cache',
  'server-config': 'what the server offers (an AI provider, analytics), set by its operator',
  'auth-options': 'how people sign up and in on this server, set by its operator',
};

describe('which writes make which queries stale', () => {
  it('every mutation marks stale what it changed, or is known to change nothing cached', () => {
    const mutations = sources.filter((file) => file.text.includes('useMutation('));
    expect(mutations.length).toBeGreaterThan(5);
    for (const { path, text } of mutations) {
      const calls = text.match(/\bmarkStale\(/g)?.length ?? 0;
      const count = text.match(/\buseMutation\(/g)?.length ?? 0;
      if (path in CHANGE_NOTHING_CACHED) {
        expect(calls, `${path} is listed as changing nothing`).toBe(0);
      } else {
        expect(calls, `${path}: each useMutation calls markStale`).toBeGreaterThanOrEqual(count);
      }
    }
    for (const path of Object.keys(CHANGE_NOTHING_CACHED)) {
      expect(sources.some((file) => file.path === path)).toBe(true);
    }
  });

  it('every query family is made stale by some change, or by none for a stated reason', () => {
    // Keys are built from queryKeys; a key written out in place names its family first.
    const roots = new Set(Object.keys(queryKeys).map((name) => String(keyOf(name)[0])));
    for (const { text } of sources) {
      for (const [, root] of text.matchAll(/queryKey:\s*\[\s*'([^']+)'/g)) roots.add(String(root));
    }
    expect(roots).toContain('server-config');
    const covered = new Set<string>(Object.values(STALE_TARGETS).map((key) => key[0]));
    for (const root of roots) {
      expect(
        covered.has(root) || root in CHANGED_BY_NO_WRITE,
        `'${root}' queries are made stale by a change in STALE_AFTER`,
      ).toBe(true);
    }
    const used = new Set<string>(Object.values(STALE_AFTER).flat());
    for (const target of Object.keys(STALE_TARGETS)) expect(used).toContain(target);
  });

  it("every change the server announces has an entry, from the server's own list", () => {
    const routes = readFileSync(join(repo, 'apps/api/src/modules/events/events.routes.ts'), 'utf8');
    const forwarded = /const FORWARDED[^[]*\[([^\]]*)\]/.exec(routes)?.[1] ?? '';
    const kinds = [...forwarded.matchAll(/'([\w.]+)'/g)].map((m) => m[1]);
    expect(kinds).toContain('words.changed');
    for (const kind of kinds) expect(Object.keys(STALE_AFTER)).toContain(kind);
  });

  it('adding or deleting words, here or anywhere, makes the feed, profile and groups stale', () => {
    for (const change of ['word.saved', 'word.deleted', 'words.changed'] as const) {
      expect(STALE_AFTER[change]).toEqual(
        expect.arrayContaining(['feed', 'profile', 'groups', 'suggestions']),
      );
    }
    expect(STALE_AFTER['session.completed']).toEqual(
      expect.arrayContaining(['feed', 'profile', 'groups']),
    );
  });
});

function keyOf(name: string): readonly unknown[] {
  const value = (queryKeys as Record<string, unknown>)[name];
  return typeof value === 'function'
    ? (value as (id: string) => readonly unknown[])('x')
    : (value as readonly unknown[]);
}

describe('markStale', () => {
  let client: QueryClient;
  afterEach(() => client.clear());

  /** A feed cached as if shown earlier (no screen on it now), and how often it was asked for. */
  function cachedFeed(state: FeedState) {
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const asked = { count: 0 };
    client.setQueryDefaults(queryKeys.practiceFeed, {
      queryFn: () => {
        asked.count += 1;
        return state;
      },
    });
    client.setQueryData(queryKeys.practiceFeed, state);
    return asked;
  }
  const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

  it("asks again at once for a feed no screen shows: 'Let's start learning!' is gone after a save", async () => {
    const asked = cachedFeed({ kind: 'no-words' });
    client.setQueryData(queryKeys.profile, { totalWords: 0 });
    await markStale(client, 'word.saved');
    await expect.poll(() => asked.count).toBe(1);
    expect(isStale(queryKeys.profile)).toBe(true);
  });

  it('leaves an open session alone: it is refreshed when it ends', async () => {
    const session = { id: 's1' } as PracticeSession;
    const asked = cachedFeed({ kind: 'session', session });
    await markStale(client, 'words.changed');
    expect(isStale(queryKeys.practiceFeed)).toBe(true);
    expect(asked.count).toBe(0);
  });

  it('marks a list stale without asking when told not to refetch', async () => {
    cachedFeed({ kind: 'caught-up', nextReviewDate: null } as FeedState);
    client.setQueryData([...queryKeys.wordLists, { filter: 'favorites' }], { pages: [] });
    await markStale(client, 'word.favorited', { refetch: false });
    expect(isStale([...queryKeys.wordLists, { filter: 'favorites' }])).toBe(true);
    expect(isStale(queryKeys.practiceFeed)).toBe(false);
  });

  it('a reset marks everything but who is signed in', async () => {
    cachedFeed({ kind: 'no-words' });
    client.setQueryData(queryKeys.session, { id: 'u1', email: 'a@example.com' });
    client.setQueryData(queryKeys.groups, { groups: [] });
    await markEverythingStale(client);
    expect(isStale(queryKeys.groups)).toBe(true);
    expect(isStale(queryKeys.practiceFeed)).toBe(true);
    expect(isStale(queryKeys.session)).toBe(false);
  });
});
