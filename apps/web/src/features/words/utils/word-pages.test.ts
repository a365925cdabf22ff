import type { Word, WordList } from '@verba/shared';
import { describe, expect, it } from 'vitest';
import {
  flattenWordPages,
  nextWordPageParam,
  patchWordInPages,
  dropWordFromList,
  removeWordFromPages,
  type WordPages,
} from './word-pages';

function word(id: string, extra: Partial<Word> = {}): Word {
  return {
    id,
    word: `w${id}`,
    translation: `t${id}`,
    ipa: null,
    reading: null,
    examples: [],
    mnemonic: null,
    synonyms: [],
    grammarType: null,
    cefrLevel: null,
    themes: [],
    isFavorite: false,
    mastered: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    nextReviewDate: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

function page(
  words: Word[],
  hasMore = false,
  collection = { words: words.length, mastered: 0 },
): WordList {
  return { words, hasMore, collection };
}

const pages = (...lists: WordList[]): WordPages => ({
  pages: lists,
  pageParams: lists.map((_, i) => ({ offset: i * 2, limit: 2 })),
});

describe('word list pages', () => {
  it('flattens pages in order and drops a word that two offset pages both hold', () => {
    const data = pages(page([word('1'), word('2')], true), page([word('2'), word('3')]));
    expect(flattenWordPages(data).map((w) => w.id)).toEqual(['1', '2', '3']);
    expect(flattenWordPages(undefined)).toEqual([]);
  });

  it('asks for the next page from the number loaded, until a page says no more follow', () => {
    expect(nextWordPageParam([], 50)).toEqual({ offset: 0, limit: 50 });
    // A prefetched first page of 20 continues in pages of 50 from offset 20.
    const first = page(
      Array.from({ length: 20 }, (_, i) => word(String(i))),
      true,
    );
    expect(nextWordPageParam([first], 50)).toEqual({ offset: 20, limit: 50 });
    const second = page(
      Array.from({ length: 50 }, (_, i) => word(`b${i}`)),
      true,
    );
    expect(nextWordPageParam([first, second], 50)).toEqual({ offset: 70, limit: 50 });
    const last = page([word('x'), word('y'), word('z'), word('v'), word('u')]);
    expect(nextWordPageParam([first, second, last], 50)).toBeUndefined();
    // An empty page ends the list even if it says more follow (words deleted meanwhile).
    expect(nextWordPageParam([first, page([], true)], 50)).toBeUndefined();
    // A page restored from the device, saved before pages said whether more follow.
    const { hasMore: _, ...saved } = first;
    expect(nextWordPageParam([saved as WordList], 50)).toEqual({ offset: 20, limit: 50 });
  });

  it('patches one word optimistically and leaves other pages untouched', () => {
    const untouched = page([word('3')]);
    const data = pages(page([word('1'), word('2')], true), untouched);
    const next = patchWordInPages(data, '2', { isFavorite: true });
    expect(flattenWordPages(next).map((w) => w.isFavorite)).toEqual([false, true, false]);
    expect(next?.pages[1]).toBe(untouched);
    // The original stays as it was: it is what a failure rolls back to.
    expect(flattenWordPages(data).some((w) => w.isFavorite)).toBe(false);
    expect(patchWordInPages(data, 'missing', { isFavorite: true })).toBe(data);
  });

  it('removes a word and lowers the counts; the original is kept for the rollback', () => {
    const data = pages(
      page([word('1'), word('2', { mastered: true })], true, { words: 5, mastered: 2 }),
      page([word('3')], false, { words: 5, mastered: 2 }),
    );
    const next = removeWordFromPages(data, '2', { mastered: true });
    expect(flattenWordPages(next).map((w) => w.id)).toEqual(['1', '3']);
    expect(next?.pages.map((p) => p.hasMore)).toEqual([true, false]);
    expect(next?.pages[0]?.collection).toEqual({ words: 4, mastered: 1 });
    expect(flattenWordPages(data)).toHaveLength(3);
  });

  it('a word deleted while another filter is shown lowers only the collection totals', () => {
    const data = pages(page([word('1')], false, { words: 5, mastered: 0 }));
    const next = removeWordFromPages(data, 'elsewhere', { mastered: false });
    expect(flattenWordPages(next).map((w) => w.id)).toEqual(['1']);
    expect(next?.pages[0]?.collection).toEqual({ words: 4, mastered: 0 });
  });

  it('drops a word that left the filter from that list only, keeping the collection totals', () => {
    const data = pages(page([word('1'), word('2')], false, { words: 5, mastered: 1 }));
    const next = dropWordFromList(data, '1');
    expect(flattenWordPages(next).map((w) => w.id)).toEqual(['2']);
    expect(next?.pages[0]?.collection).toEqual({ words: 5, mastered: 1 });
    expect(dropWordFromList(data, 'elsewhere')).toBe(data);
  });
});
