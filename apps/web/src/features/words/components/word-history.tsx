import { Check, X } from 'lucide-react';
import { durationText, STATS_TEXT, type WordHistory as History } from '@verba/shared';
import { Spinner } from '@/components/ui/spinner';
import { useWordHistory } from '../api/get-word-history';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

function MemoryFacts({ history }: { history: History }) {
  const facts: [string, string][] = [
    [
      STATS_TEXT.stabilityLabel,
      history.recall === null ? '—' : durationText(history.stabilityDays),
    ],
    [
      STATS_TEXT.difficultyLabel,
      history.difficultyPercent === null ? '—' : `${Math.round(history.difficultyPercent)}%`,
    ],
    [
      STATS_TEXT.recallLabel,
      history.recall === null ? '—' : `${Math.round(history.recall * 100)}%`,
    ],
    [STATS_TEXT.nextReviewLabel, date.format(new Date(history.nextReviewDate))],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {facts.map(([label, value]) => (
        <div key={label} className="rounded-xl bg-muted/60 px-3 py-2">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-semibold tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A saved word's history under its card: its memory now, then every review, newest first. */
export function WordHistory({ id }: { id: string }) {
  const { data: history, isError } = useWordHistory(id);
  return (
    <section aria-labelledby="word-history-title" className="space-y-3" data-testid="word-history">
      <h2 id="word-history-title" className="text-lg font-semibold">
        {STATS_TEXT.history}
      </h2>
      {!history ? (
        isError ? (
          <p role="alert" className="text-sm text-muted-foreground">
            {STATS_TEXT.historyLoadFailed}
          </p>
        ) : (
          <div role="status" aria-label="Loading history" className="flex justify-center py-4">
            <Spinner className="size-5 text-muted-foreground" />
          </div>
        )
      ) : (
        <>
          <MemoryFacts history={history} />
          {history.reviews.length === 0 ? (
            <p className="text-sm text-muted-foreground">{STATS_TEXT.historyEmpty}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm">
                <thead>
                  <tr className="border-b text-muted-foreground">
                    <th scope="col" className="py-1.5 pe-2 text-start font-medium">
                      {STATS_TEXT.dateHeader}
                    </th>
                    <th scope="col" className="py-1.5 pe-2 text-start font-medium">
                      {STATS_TEXT.drillHeader}
                    </th>
                    <th scope="col" className="py-1.5 pe-2 text-start font-medium">
                      {STATS_TEXT.answerHeader}
                    </th>
                    <th scope="col" className="py-1.5 text-start font-medium">
                      {STATS_TEXT.intervalAfter}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {history.reviews.map((review) => (
                    <tr key={review.id} className="border-b last:border-0">
                      <td className="py-1.5 pe-2 tabular-nums">
                        {dateTime.format(new Date(review.reviewedAt))}
                      </td>
                      <td className="py-1.5 pe-2">
                        {STATS_TEXT.drillLabels[review.practiceType] ?? review.practiceType}
                      </td>
                      <td className="py-1.5 pe-2">
                        <span className="inline-flex items-center gap-1">
                          {review.correct ? (
                            <Check aria-hidden="true" className="size-4 text-success" />
                          ) : (
                            <X aria-hidden="true" className="size-4 text-destructive" />
                          )}
                          {review.correct ? STATS_TEXT.right : STATS_TEXT.wrong}
                        </span>
                      </td>
                      <td className="py-1.5 tabular-nums">
                        {review.intervalAfterDays === 0
                          ? STATS_TEXT.sameDay
                          : durationText(review.intervalAfterDays)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  );
}
