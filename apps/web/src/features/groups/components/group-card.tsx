import { Home, Layers, Plane, UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { groupCountsText, groupPercent, type GroupSummary } from '@verba/shared';
import { paths } from '@/config/paths';

/** The spec's specific icons (Food & Dining, Travel, Home & Family); other groups the default. */
export function GroupIcon({ name, className }: { name: string; className?: string }) {
  const props = { 'aria-hidden': true, className, 'data-icon': name } as const;
  switch (name) {
    case 'Food & Dining':
      return <UtensilsCrossed {...props} />;
    case 'Travel':
      return <Plane {...props} />;
    case 'Home & Family':
      return <Home {...props} />;
    default:
      return <Layers {...props} />;
  }
}

export function GroupProgress({
  group,
}: {
  group: Pick<GroupSummary, 'totalWords' | 'masteredWords' | 'name'>;
}) {
  const percent = groupPercent(group);
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-label={`${group.name} mastered`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <span className="w-10 text-right text-sm font-medium tabular-nums">{percent}%</span>
    </div>
  );
}

/** One group: icon, name, 'N words • M mastered' and its progress. Opens the group. */
export function GroupCard({ group }: { group: GroupSummary }) {
  return (
    <li>
      <Link
        to={paths.app.group(group.id)}
        className="block rounded-2xl border bg-card p-4 shadow-sm transition-colors outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <div className="mb-3 flex items-center gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <GroupIcon name={group.name} className="size-5" />
          </span>
          <span className="min-w-0">
            <span className="block truncate font-semibold">{group.name}</span>
            <span className="block text-sm text-muted-foreground">{groupCountsText(group)}</span>
          </span>
        </div>
        <GroupProgress group={group} />
      </Link>
    </li>
  );
}

export function GroupCardSkeleton() {
  return (
    <li className="rounded-2xl border bg-card p-4" aria-hidden="true">
      <div className="mb-3 flex items-center gap-3">
        <div className="size-10 animate-pulse rounded-xl bg-muted" />
        <div className="flex-1 space-y-2">
          <div className="h-4 w-1/3 animate-pulse rounded bg-muted" />
          <div className="h-3 w-1/2 animate-pulse rounded bg-muted" />
        </div>
      </div>
      <div className="h-2 animate-pulse rounded-full bg-muted" />
    </li>
  );
}
