import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import report from 'virtual:scheduling-benchmark';
import { BrandMark } from '@/components/ui/brand-mark';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';

/** The scheduling benchmark's method and results, behind the landing page's "How we measured". */
export function HowWeMeasuredRoute() {
  usePageMeta({
    title: 'How we measured',
    description:
      "How Verba's scheduling is measured: the simulated learners, the schedulers compared, the metrics and the results.",
  });
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between px-4">
          <Link
            to={paths.home}
            className="flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight"
          >
            <BrandMark className="size-7" />
            <span>Verba</span>
          </Link>
          <Link
            to={paths.home}
            className="flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Home
          </Link>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8">
        {report ? (
          // The project's own report, rendered from Markdown when the app was built.
          <article className="doc" dangerouslySetInnerHTML={{ __html: report }} />
        ) : (
          <article className="doc">
            <h1>How we measured</h1>
            <p>
              The benchmark report has not been written yet: run <code>npm run bench:srs</code>.
            </p>
          </article>
        )}
      </main>
    </div>
  );
}
