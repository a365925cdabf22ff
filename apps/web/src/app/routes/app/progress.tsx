import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { STATS_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { paths } from '@/config/paths';
import { ProgressScreen } from '@/features/progress/components/progress-screen';
import { usePageMeta } from '@/lib/page-meta';

/** /app/progress: the learner's calendar, forecast, retention, collection and memory. */
export function ProgressRoute() {
  usePageMeta({ title: STATS_TEXT.title, description: STATS_TEXT.description, noindex: true });
  return (
    <>
      <Link
        to={paths.app.profile}
        className="mb-3 inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {STATS_TEXT.backToProfile}
      </Link>
      <PageHeader title={STATS_TEXT.title} subtitle={STATS_TEXT.description} />
      <ProgressScreen />
    </>
  );
}
