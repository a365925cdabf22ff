import { countOf, UNITS } from './plural.ts';
import type { GroupSummary } from './groups.schema.ts';

/**
 * AI word groups (spec §2 "Groups", §3 groups, §7 generate-groups): what the API returns, and the
 * texts of the groups screen.
 */

/** Longest group name kept; longer names from the model are cut at a word boundary. */
export const GROUP_NAME_MAX_LENGTH = 40;
/** Auto group generation needs at least 3 words (spec §9). */
export const GROUP_MIN_WORDS = 3;
/** Most words one grouping request sends to the model (the newest ones). */
export const GROUP_MAX_WORDS_PER_RUN = 300;

/** Group percent: mastered over total, rounded, 0 for an empty group (spec §9). */
export function groupPercent(group: Pick<GroupSummary, 'totalWords' | 'masteredWords'>): number {
  return group.totalWords === 0 ? 0 : Math.round((group.masteredWords / group.totalWords) * 100);
}

/** 'N words • M mastered'. */
export function groupCountsText(group: Pick<GroupSummary, 'totalWords' | 'masteredWords'>) {
  return `${countOf(group.totalWords, UNITS.word)} • ${group.masteredWords} mastered`;
}

export const GROUP_TEXT = {
  title: 'My Word Groups',
  subtitle: 'Automatically organized by AI',
  emptyTitle: 'No Groups Yet',
  emptyText: 'Groups are created automatically once you add at least 3 words.',
  /** The empty state on a server with no AI provider, where groups cannot be made. */
  emptyTextWithoutAi:
    'Groups are made by an AI provider, and this server has none. All your words are in My Words.',
  emptyLink: 'Visit My Words',
  generate: 'Generate',
  generating: 'Organizing your words...',
  created: 'Groups created! ✨',
  createdDescription: 'Your words have been organized into groups.',
  failed: 'Could not create groups',
  failedDescription: 'Please try again using the Generate button.',
  notAuthenticated: 'Not authenticated',
  practise: 'Practise this group',
  backToGroups: 'Back to Groups',
  notFound: 'This group does not exist',
  // Deleting a group, with Undo (docs/decisions/018); its words stay in My Words.
  delete: 'Delete group',
  deleted: 'Group deleted',
  deletedDescription: 'Its words stay in My Words.',
  deleteFailed: 'Error deleting group',
  undo: 'Undo',
  restoreFailed: 'Could not bring the group back',
  generationFailedLog: 'Failed to create groups',
} as const;
