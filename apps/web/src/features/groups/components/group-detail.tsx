import { ArrowLeft, Play, Trash2 } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { GROUP_TEXT, groupCountsText, WORD_TEXT } from '@verba/shared';
import { Button } from '@/components/ui/core/button';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/core/api-error';
import { useDeleteGroup } from '../api/delete-group';
import { useGroup } from '../api/get-group';
import { GroupIcon, GroupProgress } from './group-card';

/** One group: its progress, its words, and infinity practice over just these words. */
export function GroupDetail({ id }: { id: string }) {
  const group = useGroup(id);
  const remove = useDeleteGroup();
  const navigate = useNavigate();
  const back = (
    <Link
      to={paths.app.groups}
      className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 mb-4' })}
    >
      <ArrowLeft aria-hidden="true" />
      {GROUP_TEXT.backToGroups}
    </Link>
  );
  if (group.isPending) {
    return (
      <>
        {back}
        <div className="space-y-3" aria-label="Loading group">
          <div className="h-8 w-1/2 animate-pulse rounded bg-muted" />
          <div className="h-24 animate-pulse rounded-2xl bg-muted" />
        </div>
      </>
    );
  }
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <>
        {back}
        <p className="rounded-2xl border bg-card p-6 text-center text-sm text-muted-foreground">
          {missing ? GROUP_TEXT.notFound : group.error.message}
        </p>
      </>
    );
  }
  const data = group.data;
  return (
    <>
      {back}
      <header className="mb-4 flex items-center gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <GroupIcon name={data.name} className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-2xl font-bold tracking-tight">{data.name}</h1>
          <p className="text-sm text-muted-foreground">{groupCountsText(data)}</p>
        </div>
        <Button
          variant="outline"
          size="icon"
          className="size-11 shrink-0 hover:text-destructive"
          aria-label={`${GROUP_TEXT.delete} ${data.name}`}
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(data, {
              onSuccess: () => void navigate(paths.app.groups, { replace: true }),
            })
          }
        >
          {!remove.isPending && <Trash2 />}
        </Button>
      </header>
      <div className="mb-4">
        <GroupProgress group={data} />
      </div>
      <Link
        to={paths.app.practiceGroup(data.id)}
        className={buttonVariants({ size: 'lg', className: 'mb-6 w-full' })}
      >
        <Play aria-hidden="true" />
        {GROUP_TEXT.practise}
      </Link>
      <ul className="space-y-2" aria-label={`Words in ${data.name}`}>
        {data.words.map((word) => (
          <li key={word.id}>
            <Link
              to={paths.app.word(word.id)}
              className="flex items-center gap-2 rounded-xl border bg-card px-3 py-2 shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-semibold">{word.word}</span>
                <span className="block truncate text-sm text-muted-foreground">
                  {word.translation}
                </span>
              </span>
              {word.mastered && (
                <span className="shrink-0 rounded-full bg-success/15 px-2 py-0.5 text-[0.7rem] font-semibold text-success">
                  {WORD_TEXT.mastered}
                </span>
              )}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
