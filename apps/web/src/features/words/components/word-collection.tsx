import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import {
  WORD_FILTER_LABELS,
  WORD_FILTERS,
  WORD_SEARCH_MAX_LENGTH,
  WORD_SORT_LABELS,
  WORD_SORTS,
  WORD_TEXT,
  wordCountText,
  type Word,
  type WordFilter,
  type WordSort,
} from '@verba/shared';
import { Input } from '@/components/ui/core/input';
import { NativeSelect } from '@/components/ui/core/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useDeleteWord } from '../api/delete-word';
import { useEnrichment } from '../api/get-enrichment';
import { useWords } from '../api/get-words';
import { useToggleFavorite } from '../api/update-word';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { useSpeech } from '@/lib/core/use-speech';
import { flattenWordPages } from '../utils/word-pages';
import { CompletingWords } from './completing-words';
import { WordRow, WordRowSkeleton } from './word-row';

const SEARCH_DELAY_MS = 300;
const SKELETON_ROWS = 5;

/** Loads the next page when the sentinel at the bottom comes within 100 px (spec §2). */
function useLoadMore(onVisible: () => void, enabled: boolean) {
  const sentinel = useRef<HTMLDivElement>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!node || !enabled) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) latest.current();
      },
      { rootMargin: '100px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled]);
  return sentinel;
}

/** 'Your Collection': counts, search, filter, sort and the rows, loaded 50 at a time. */
export function WordCollection({ targetLanguage }: { targetLanguage: string }) {
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<WordFilter>('all');
  const [sort, setSort] = useState<WordSort>('recent');
  const debouncedSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const query = useWords({ filter, sort, search: debouncedSearch });
  const { mutate: toggleFavorite } = useToggleFavorite();
  const { mutate: deleteWord } = useDeleteWord();
  const speak = useSpeech(targetLanguage);
  const completing = (useEnrichment().data?.pending ?? 0) > 0;

  const narrowed = filter !== 'all' || debouncedSearch !== '';
  // Query answers reach React as store updates, which it draws in one task it cannot pause. The
  // list is drawn from a deferred copy instead: a background render React can pause between rows,
  // so a page of words arriving never blocks input in one long task.
  const { data, status, error } = query;
  const shown = useDeferredValue(
    useMemo(() => ({ data, status, error, narrowed }), [data, status, error, narrowed]),
  );
  const words = useMemo(() => flattenWordPages(shown.data), [shown.data]);
  const firstPage = shown.data?.pages[0];
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  // The sentinel watches only once the latest rows are drawn: above them it would look in view.
  const sentinel = useLoadMore(
    () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
    Boolean(hasNextPage) && shown.data === data,
  );

  const onToggleFavorite = useCallback(
    (word: Word) => toggleFavorite({ id: word.id, isFavorite: !word.isFavorite }),
    [toggleFavorite],
  );
  const onDelete = useCallback((word: Word) => deleteWord(word), [deleteWord]);

  return (
    <section aria-labelledby="collection-title" className="space-y-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="collection-title" className="text-lg font-semibold">
          {WORD_TEXT.collection}
        </h2>
        {firstPage && (
          <p className="text-sm text-muted-foreground" data-testid="collection-count">
            {wordCountText(firstPage.collection.words)} • {firstPage.collection.mastered}{' '}
            {WORD_TEXT.mastered.toLowerCase()}
          </p>
        )}
      </div>

      <CompletingWords />

      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search words"
          placeholder={WORD_TEXT.searchPlaceholder}
          className="pl-9"
          maxLength={WORD_SEARCH_MAX_LENGTH}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
      </div>

      <div className="grid grid-cols-2 gap-2">
        <NativeSelect
          aria-label="Filter words"
          className="h-11"
          value={filter}
          onChange={(event) => setFilter(event.target.value as WordFilter)}
        >
          {WORD_FILTERS.map((value) => (
            <option key={value} value={value}>
              {WORD_FILTER_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          aria-label="Sort words"
          className="h-11"
          value={sort}
          onChange={(event) => setSort(event.target.value as WordSort)}
        >
          {WORD_SORTS.map((value) => (
            <option key={value} value={value}>
              {WORD_SORT_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>

      {shown.status === 'pending' ? (
        <div role="status" aria-label="Loading words">
          <ul className="space-y-2">
            {Array.from({ length: SKELETON_ROWS }, (_, i) => (
              <WordRowSkeleton key={i} />
            ))}
          </ul>
        </div>
      ) : shown.status === 'error' && words.length === 0 ? (
        <p role="alert" className="py-8 text-center text-sm text-destructive">
          {shown.error?.message}
        </p>
      ) : words.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted-foreground">
          {shown.narrowed ? WORD_TEXT.emptyFiltered : WORD_TEXT.emptyCollection}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Words">
          {words.map((word) => (
            <WordRow
              key={word.id}
              word={word}
              completing={completing}
              onToggleFavorite={onToggleFavorite}
              onSpeak={speak}
              onDelete={onDelete}
            />
          ))}
        </ul>
      )}

      <div ref={sentinel} aria-hidden="true" className="h-px" />
      {isFetchingNextPage && (
        <div role="status" aria-label="Loading more words" className="flex justify-center py-3">
          <Spinner className="size-6 text-muted-foreground" />
        </div>
      )}
    </section>
  );
}
