import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { usePageMeta } from '@/lib/page-meta';

/** Unlimited practice over the learner's words (spec §2). The practice itself comes later. */
export function InfinityPracticeRoute() {
  usePageMeta({
    title: SCREEN_TEXT.infinityPractice,
    description: 'Practise your words without limits.',
    noindex: true,
  });
  return (
    <>
      <Link
        to={paths.app.feed}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-2 mb-2' })}
      >
        <ArrowLeft aria-hidden="true" />
        {SCREEN_TEXT.backToFeed}
      </Link>
      <PageHeader title={SCREEN_TEXT.infinityPractice} />
    </>
  );
}
