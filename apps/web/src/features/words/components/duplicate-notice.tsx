import { Link } from 'react-router';
import { WORD_TEXT } from '@verba/shared';
import { paths } from '@/config/paths';

/** A word already in the collection: say so, and open the card that has it. */
export function DuplicateNotice({ existingId }: { existingId: string | undefined }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm"
    >
      <p className="font-medium">{WORD_TEXT.duplicate}</p>
      {existingId && (
        <Link
          to={paths.app.word(existingId)}
          className="font-semibold text-primary underline-offset-4 hover:underline"
        >
          {WORD_TEXT.openExisting}
        </Link>
      )}
    </div>
  );
}
