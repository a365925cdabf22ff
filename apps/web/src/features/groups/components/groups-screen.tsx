import { useEffect, useRef, useState } from 'react';
import { FolderOpen, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  AI_ERROR_TOAST,
  AI_QUOTAS,
  AI_TEXT,
  GROUP_MIN_WORDS,
  GROUP_TEXT,
  TOAST,
} from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { StateCard } from '@/components/ui/core/state-card';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/core/api-error';
import { takeClientLimit } from '@/lib/core/client-rate-limit';
import { onLiveUpdate } from '@/lib/live-update-events';
import { useProfile } from '@/lib/core/profile';
import { useAiProvider } from '@/lib/server-config';
import { useGenerateGroups } from '../api/generate-groups';
import { useGroups } from '../api/get-groups';
import { GroupCard, GroupCardSkeleton } from './group-card';

const LIMIT_KEY = 'verba-rate-limit-group-generation';
/** How long the screen shows it is generating when no answer arrives (a lost live update). */
const WAIT_AT_MOST_MS = 60_000;
/** The automatic first run is asked for once per page load (spec §4 "Groups"). */
let autoRequested = false;

function showGenerateError(error: unknown) {
  if (error instanceof ApiError) {
    if (error.status === 401) {
      toast.error(GROUP_TEXT.notAuthenticated);
      return;
    }
    if (error.code === 'TOO_MANY_REQUESTS' || error.code === 'AI_RATE_LIMITED') {
      toast.error(AI_TEXT.rateLimited, { description: AI_TEXT.rateLimitedDescription });
      return;
    }
    if (error.code in AI_ERROR_TOAST) {
      const { title, description } = AI_ERROR_TOAST[error.code as keyof typeof AI_ERROR_TOAST];
      toast.error(title, { description });
      return;
    }
  }
  toast.error(GROUP_TEXT.failed, { description: GROUP_TEXT.failedDescription });
}

/** The groups screen (spec §2 "Groups"): the learner's AI word groups, generated in the background. */
export function GroupsScreen() {
  const groups = useGroups();
  const { data: profile } = useProfile();
  const generate = useGenerateGroups();
  const [waiting, setWaiting] = useState(false);
  /** Groups are made by the server's AI provider; without one the screen says so and asks none. */
  const aiProvider = useAiProvider();
  const waitTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stopWaiting = () => {
    clearTimeout(waitTimer.current);
    setWaiting(false);
  };

  useEffect(
    () =>
      onLiveUpdate((update) => {
        if (update.kind === 'groups.changed') {
          clearTimeout(waitTimer.current);
          setWaiting(false);
          toast.success(GROUP_TEXT.created, { description: GROUP_TEXT.createdDescription });
        } else if (update.kind === 'groups.failed') {
          clearTimeout(waitTimer.current);
          setWaiting(false);
          toast.error(GROUP_TEXT.failed, { description: GROUP_TEXT.failedDescription });
        }
      }),
    [],
  );
  useEffect(() => () => clearTimeout(waitTimer.current), []);

  const start = (auto: boolean) => {
    const verdict = takeClientLimit(LIMIT_KEY, AI_QUOTAS.groupGeneration);
    if (!verdict.allowed) {
      if (!auto) toast.error(AI_TEXT.rateLimited, { description: AI_TEXT.rateLimitedDescription });
      return;
    }
    setWaiting(true);
    clearTimeout(waitTimer.current);
    waitTimer.current = setTimeout(() => setWaiting(false), WAIT_AT_MOST_MS);
    generate.mutate(
      { auto },
      {
        onError: (error) => {
          stopWaiting();
          showGenerateError(error);
        },
      },
    );
  };

  const list = groups.data?.groups;
  const enoughWords = (profile?.totalWords ?? 0) >= GROUP_MIN_WORDS;

  // Generated automatically once when the list is empty and there are at least 3 words.
  useEffect(() => {
    if (
      autoRequested ||
      !aiProvider ||
      !list ||
      list.length > 0 ||
      !enoughWords ||
      groups.data?.generating
    )
      return;
    const timer = setTimeout(() => {
      autoRequested = true;
      start(true);
    });
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the data arrives
  }, [list, enoughWords, aiProvider]);

  const generating = waiting || Boolean(groups.data?.generating);
  const loading = groups.isPending;

  return (
    <>
      <PageHeader title={GROUP_TEXT.title} subtitle={GROUP_TEXT.subtitle}>
        {enoughWords && aiProvider && (
          <Button size="sm" variant="outline" disabled={generating} onClick={() => start(false)}>
            <Sparkles aria-hidden="true" />
            {GROUP_TEXT.generate}
          </Button>
        )}
      </PageHeader>
      {generating && (
        <p role="status" className="mb-3 text-sm text-muted-foreground">
          {GROUP_TEXT.generating}
        </p>
      )}
      {loading || (generating && (list?.length ?? 0) === 0) ? (
        <ul className="space-y-3" aria-label="Loading groups">
          {Array.from({ length: 3 }, (_, i) => (
            <GroupCardSkeleton key={i} />
          ))}
        </ul>
      ) : groups.isError ? (
        <div className="rounded-2xl border bg-card p-6 text-center">
          <p className="text-sm text-muted-foreground">{groups.error.message || TOAST.error}</p>
          <Button className="mt-4" variant="outline" onClick={() => void groups.refetch()}>
            Retry
          </Button>
        </div>
      ) : list && list.length > 0 ? (
        <ul className="space-y-3" aria-label="Word groups">
          {list.map((group) => (
            <GroupCard key={group.id} group={group} />
          ))}
        </ul>
      ) : (
        <StateCard icon={FolderOpen} title={GROUP_TEXT.emptyTitle} titleId="groups-empty-title">
          <p className="mt-2 text-sm text-muted-foreground">
            {aiProvider ? GROUP_TEXT.emptyText : GROUP_TEXT.emptyTextWithoutAi}
          </p>
          <Link to={paths.app.words} className={buttonVariants({ className: 'mt-6' })}>
            {GROUP_TEXT.emptyLink}
          </Link>
        </StateCard>
      )}
    </>
  );
}
