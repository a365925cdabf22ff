import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { IMPORT_TEXT, SCREEN_TEXT } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { buttonVariants } from '@/components/ui/button-variants';
import { paths } from '@/config/paths';
import { ImportScreen } from '@/features/imports/components/import-screen';
import { usePageMeta } from '@/lib/page-meta';

/** Import words into My Words: a pasted list or a CSV/TSV/TXT file. */
export function WordsImportRoute() {
  usePageMeta({
    title: IMPORT_TEXT.title,
    description: 'Bring words in from a list, a spreadsheet, Anki or Quizlet.',
    noindex: true,
  });
  return (
    <div className="mx-auto max-w-2xl">
      <Link
        to={paths.app.words}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-2' })}
      >
        <ArrowLeft aria-hidden="true" />
        {SCREEN_TEXT.myWords}
      </Link>
      <PageHeader
        title={IMPORT_TEXT.title}
        subtitle="Words with a translation become cards at once; duplicates are skipped."
      />
      <ImportScreen />
    </div>
  );
}
