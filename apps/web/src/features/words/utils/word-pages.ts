import type { InfiniteData } from '@tanstack/react-query';
import type { Word, WordList } from '@verba/shared';

/**
 * Pure edits of a cached word list (the pages of an infinite query), for optimistic updates:
 * the screen changes at once, and the previous value is put back if the server says no.
 */
export type WordPages = InfiniteData<WordList>;

export interface WordListPageParam {
  offset: number;
  limit: number;
}

/** All loaded words, in order, each once (offset pages can overlap when words are added). */
export function flattenWordPages(data: WordPages | undefined): Word[] {
  if (!data) return [];
  const seen = new Set<string>();
  const words: Word[] = [];
  for (const page of data.pages) {
    for (const word of page.words) {
      if (seen.has(word.id)) continue;
      seen.add(word.id);
      words.push(word);
    }
  }
  return words;
}

/** The next page to ask for, or undefined when every matching word is loaded. */
export function nextWordPageParam(
  pages: readonly WordList[],
  pageSize: number,
): WordListPageParam | undefined {
  const last = pages.at(-1);
  if (!last) return { offset: 0, limit: pageSize };
  // An empty page ends the list too: words deleted meanwhile can leave one that still says more.
  // A page kept on the device from before pages said so has no `hasMore`: ask on until one is empty.
  if (last.hasMore === false || last.words.length === 0) return undefined;
  const loaded = pages.reduce((sum, page) => sum + page.words.length, 0);
  return { offset: loaded, limit: pageSize };
}

/** The same pages with one word changed; untouched when the word is not loaded. */
export function patchWordInPages(
  data: WordPages | undefined,
  id: string,
  patch: Partial<Word>,
): WordPages | undefined {
  if (!data) return data;
  let changed = false;
  const pages = data.pages.map((page) => {
    if (!page.words.some((w) => w.id === id)) return page;
    changed = true;
    return { ...page, words: page.words.map((w) => (w.id === id ? { ...w, ...patch } : w)) };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * The same pages without one word. The collection's totals go down with it in every list (a word
 * leaves the whole collection).
 */
export function removeWordFromPages(
  data: WordPages | undefined,
  id: string,
  removed: Pick<Word, 'mastered'>,
): WordPages | undefined {
  if (!data) return data;
  const pages = withoutWord(data, id).pages.map((page) => ({
    ...page,
    collection: {
      words: Math.max(page.collection.words - 1, 0),
      mastered: Math.max(page.collection.mastered - (removed.mastered ? 1 : 0), 0),
    },
  }));
  return { ...data, pages };
}

/**
 * The same pages without one word that no longer matches the list's filter (a favorite
 * unmarked in the Favorites list): the collection stays as it is.
 */
export function dropWordFromList(data: WordPages | undefined, id: string): WordPages | undefined {
  return data && withoutWord(data, id);
}

function withoutWord(data: WordPages, id: string): WordPages {
  const listed = data.pages.some((page) => page.words.some((w) => w.id === id));
  if (!listed) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    words: page.words.filter((w) => w.id !== id),
  }));
  return { ...data, pages };
}
