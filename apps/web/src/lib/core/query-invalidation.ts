import type { QueryClient } from '@tanstack/react-query';
import type { FeedState } from '@verba/shared';
import { queryKeys } from './query-keys';

/**
 * Which cached screens a change makes stale, in one table: the writes this device makes (each
 * mutation calls `markStale` once it has succeeded) and the changes the server announces over
 * live updates (made in another tab, on another device, or by the server itself). A screen
 * opened after a tap never shows what the change replaced; screens on view refetch at once.
 */

/** What a change can make stale, by the key its queries start with. */
export const STALE_TARGETS = {
  /** The profile (counts, streak, study time, languages) and its stats. */
  profile: queryKeys.profile,
  /** Only the stats the profile screen reads, when the profile itself was just replaced. */
  profileStats: queryKeys.profileStats,
  /** Every word query: the lists and the single cards. */
  words: queryKeys.words,
  /** The lists only, when the write already put the card itself in the cache. */
  wordLists: queryKeys.wordLists,
  /** The group list ('N words • M mastered') and each group's words. */
  groups: queryKeys.groups,
  suggestions: queryKeys.suggestions,
  /** What the feed offers: no words, a session, a quick review, due words, caught up. */
  feed: queryKeys.practiceFeed,
  /** The Progress screen: calendar, forecast, retention, collection and memory. */
  stats: queryKeys.stats,
  /** The admin page's accounts and invitations. */
  admin: queryKeys.admin,
  /** The import screen's progress and summary. */
  imports: queryKeys.imports,
} as const;
export type StaleTarget = keyof typeof STALE_TARGETS;

const WORDS_ADDED_OR_REMOVED = [
  'words',
  'profile',
  'groups',
  'suggestions',
  'feed',
  'stats',
] as const;

/**
 * For each change, what it makes stale beyond what the write put in the cache itself. A change
 * that is not listed here cannot be passed to `markStale` (the type says so), and the unit test
 * finds every mutation that does not call it.
 */
export const STALE_AFTER = {
  // Writes made on this device.
  /** A card saved: lists, counts, groups, suggestions, and the feed ('Let's start learning!' turns into a session). */
  'word.saved': ['wordLists', 'profile', 'groups', 'suggestions', 'feed', 'stats'],
  /** A card's fields changed: its place in A-Z and the group's list of words. */
  'word.edited': ['wordLists', 'groups'],
  /** The Favorites lists gained or lost the word. */
  'word.favorited': ['wordLists'],
  'word.deleted': WORDS_ADDED_OR_REMOVED,
  /** Undo of a delete: the word is back, with its history, in every list and count. */
  'word.restored': WORDS_ADDED_OR_REMOVED,
  /** A group gone or back (its words stay): only the groups change. */
  'group.deleted': ['groups'],
  'group.restored': ['groups'],
  /** A suggestion added becomes a word (the suggestions themselves come back with the answer). */
  'suggestion.added': ['words', 'profile', 'groups', 'feed'],
  /** The new suggestions come back with the answer and replace the cached ones. */
  'suggestions.refreshed': [],
  /** The languages are set (the answer replaces the profile): suggestions and the feed follow them. */
  'onboarding.completed': ['profileStats', 'words', 'suggestions', 'feed'],
  /** Languages may have changed (the answer replaces the profile). */
  'profile.updated': ['profileStats', 'suggestions', 'stats'],
  /** The address is confirmed (REQUIRE_EMAIL_VERIFICATION): the profile, refused until now, loads. */
  'email.verified': ['profile'],
  /** The started session replaces the feed's state and is cached under its own id. */
  'session.started': [],
  /** The word's stats moved on (the lists' accuracy, a group's mastered count). */
  'answer.submitted': ['words', 'groups', 'stats'],
  /**
   * The word's schedule and stats are as before the answer (it may be un-mastered); an undone
   * completion takes back the streak and study time.
   */
  'answer.undone': ['profile', 'words', 'groups', 'stats'],
  /** Streak, study time and mastered words changed, and the feed offers what comes next. */
  'session.completed': ['profile', 'words', 'groups', 'feed', 'stats'],

  // Changes announced by the server (GET /api/events), from any tab, device or server process.
  'words.changed': WORDS_ADDED_OR_REMOVED,
  'groups.changed': ['groups'],
  'groups.failed': ['groups'],
  'suggestions.changed': ['suggestions'],
  'profile.changed': ['profile', 'stats'],
  /** An import started, moved on, finished or failed (its words arrive with 'words.changed'). */
  'imports.changed': ['imports'],
  /** The AI completed imported words: their cards, the count still waiting, what can be practised. */
  'words.completed': ['words', 'feed'],
  // An admin's own change to accounts or invitations (the admin page).
  'admin.changed': ['admin'],
} as const satisfies Record<string, readonly StaleTarget[]>;
export type Change = keyof typeof STALE_AFTER;

export function isKnownChange(kind: string): kind is Change {
  return Object.hasOwn(STALE_AFTER, kind);
}

/**
 * Which queries to ask the server again for at once. Screens on view always are. The feed is
 * asked for even when no screen shows it, so tapping Feed after adding words opens on the new
 * state; but not while it holds an open session: new or changed words do not change a session
 * being practised (every answer announces 'words.changed'), and the feed asks again when it ends.
 */
function refetchTypeFor(
  queryClient: QueryClient,
  target: StaleTarget,
  options: MarkStaleOptions,
): 'active' | 'all' | 'none' {
  if (options.refetch === false) return 'none';
  if (target !== 'feed') return 'active';
  const feed = queryClient.getQueryData<FeedState>(queryKeys.practiceFeed);
  return feed?.kind === 'session' ? 'none' : 'all';
}

export interface MarkStaleOptions {
  /** false: marked stale only, refetched when next shown (a list the learner is scrolling). */
  refetch?: boolean;
}

/** Marks stale what `change` changed, and refetches what is on view (see `refetchTypeFor`). */
export async function markStale(
  queryClient: QueryClient,
  change: Change,
  options: MarkStaleOptions = {},
): Promise<void> {
  const refetches = STALE_AFTER[change].map((target: StaleTarget) => {
    const refetched = queryClient.invalidateQueries({
      queryKey: STALE_TARGETS[target],
      refetchType: refetchTypeFor(queryClient, target, options),
    });
    // A save is done once what is on view is; the feed off screen is refreshed behind it.
    return target === 'feed' ? undefined : refetched;
  });
  await Promise.all(refetches);
}

/**
 * Marks everything stale but who is signed in: changes may have been missed (the live-updates
 * stream was down, or the server says its own notifications were).
 */
export async function markEverythingStale(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== queryKeys.session[0],
  });
}
