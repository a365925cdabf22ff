import { useEffect, useState } from 'react';
import { Plus, RefreshCw, Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import {
  AI_QUOTAS,
  AI_TEXT,
  SUGGESTION_SKELETONS,
  SUGGESTION_TEXT,
  type WordSuggestion,
} from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { takeClientLimit } from '@/lib/core/client-rate-limit';
import { useAiProvider } from '@/lib/server-config';
import { useAddSuggestion } from '../api/add-suggestion';
import { useSuggestions } from '../api/get-suggestions';
import { useRefreshSuggestions } from '../api/refresh-suggestions';
import { REFRESH_FAILED, suggestionErrorToast } from '../utils/suggestion-errors';

const LIMIT_KEY = 'verba-rate-limit-suggestion-refresh';

function SuggestionSkeleton() {
  return (
    <li className="rounded-2xl border bg-card p-4" aria-hidden="true">
      <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
      <div className="mt-2 h-3 w-1/4 animate-pulse rounded bg-muted" />
      <div className="mt-3 h-3 w-3/4 animate-pulse rounded bg-muted" />
    </li>
  );
}

function SuggestionCard({
  suggestion,
  adding,
  disabled,
  onAdd,
}: {
  suggestion: WordSuggestion;
  adding: boolean;
  disabled: boolean;
  onAdd: () => void;
}) {
  return (
    <li className="flex items-start gap-3 rounded-2xl border bg-card p-4 shadow-xs">
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{suggestion.word}</p>
        <p className="text-sm text-muted-foreground">{suggestion.translation}</p>
        <p className="mt-1 text-xs text-muted-foreground">{suggestion.reason}</p>
      </div>
      <Button
        size="sm"
        variant="outline"
        aria-label={`${SUGGESTION_TEXT.add} ${suggestion.word}`}
        disabled={disabled}
        onClick={onAdd}
      >
        {adding ? (
          <RefreshCw aria-hidden="true" className="animate-spin" />
        ) : (
          <Plus aria-hidden="true" />
        )}
        {SUGGESTION_TEXT.add}
      </Button>
    </li>
  );
}

/**
 * 'Discover New Words' (spec §2 "Feed"): AI suggestions fitted to the learner, each added with
 * its full card in one tap, and a refresh (SUGGESTION_REFRESH: 5 per 60 s). On a server without
 * an AI provider it says, in one sentence, that suggestions need one.
 */
export function DiscoverNewWords() {
  const aiProvider = useAiProvider();
  if (!aiProvider) {
    return (
      <section aria-labelledby="discover-title" className="mt-8">
        <h2 id="discover-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {SUGGESTION_TEXT.title}
        </h2>
        <p className="rounded-2xl border bg-card p-4 text-sm text-muted-foreground">
          {SUGGESTION_TEXT.unavailable}
        </p>
      </section>
    );
  }
  return <Suggestions />;
}

function Suggestions() {
  const suggestions = useSuggestions();
  const refresh = useRefreshSuggestions();
  const add = useAddSuggestion();
  const [adding, setAdding] = useState<string | null>(null);

  useEffect(() => {
    if (!suggestions.error) return;
    const text = suggestionErrorToast(suggestions.error, null);
    if (text) toast.error(text.title, { description: text.description });
  }, [suggestions.error]);

  const onRefresh = () => {
    const verdict = takeClientLimit(LIMIT_KEY, AI_QUOTAS.suggestionRefresh);
    if (!verdict.allowed) {
      toast.error(AI_TEXT.rateLimited, { description: AI_TEXT.rateLimitedDescription });
      return;
    }
    refresh.mutate(undefined, {
      onSuccess: () => toast.success(SUGGESTION_TEXT.refreshed),
      onError: (error) => {
        const text = suggestionErrorToast(error, REFRESH_FAILED) ?? REFRESH_FAILED;
        toast.error(text.title, { description: text.description });
      },
    });
  };

  const onAdd = (word: string) => {
    setAdding(word);
    add.mutate(word, {
      onSuccess: () => toast.success(SUGGESTION_TEXT.added),
      onError: (error) => {
        const text = suggestionErrorToast(error, null);
        toast.error(SUGGESTION_TEXT.addFailed, { description: text?.title ?? error.message });
      },
      onSettled: () => setAdding(null),
    });
  };

  const loading = suggestions.isPending || refresh.isPending;
  const list = suggestions.data?.suggestions ?? [];

  return (
    <section aria-labelledby="discover-title" className="mt-8">
      <div className="mb-3 flex items-center justify-between gap-2">
        <h2 id="discover-title" className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles aria-hidden="true" className="size-5 text-primary" />
          {SUGGESTION_TEXT.title}
        </h2>
        <Button
          size="sm"
          variant="ghost"
          onClick={onRefresh}
          disabled={loading}
          aria-label="Refresh suggestions"
        >
          <RefreshCw
            aria-hidden="true"
            className={refresh.isPending ? 'animate-spin' : undefined}
          />
          {SUGGESTION_TEXT.refresh}
        </Button>
      </div>
      {loading ? (
        <ul className="space-y-3" aria-label="Loading suggestions">
          {Array.from({ length: SUGGESTION_SKELETONS }, (_, i) => (
            <SuggestionSkeleton key={i} />
          ))}
        </ul>
      ) : list.length > 0 ? (
        <ul className="space-y-3" aria-label="Suggested words">
          {list.map((s) => (
            <SuggestionCard
              key={s.word}
              suggestion={s}
              adding={adding === s.word}
              disabled={adding !== null}
              onAdd={() => onAdd(s.word)}
            />
          ))}
        </ul>
      ) : (
        <p className="rounded-2xl border bg-card p-4 text-sm text-muted-foreground">
          {suggestions.isError ? suggestions.error.message : SUGGESTION_TEXT.empty}
        </p>
      )}
    </section>
  );
}
