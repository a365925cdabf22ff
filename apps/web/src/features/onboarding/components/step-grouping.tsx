import { House, Plane, UtensilsCrossed, type LucideIcon } from 'lucide-react';
import { GROUP_TEXT } from '@verba/shared';

const SAMPLE_GROUPS: ReadonlyArray<{
  name: string;
  icon: LucideIcon;
  words: number;
  mastered: number;
}> = [
  { name: 'Food & Dining', icon: UtensilsCrossed, words: 12, mastered: 5 },
  { name: 'Travel', icon: Plane, words: 8, mastered: 2 },
  { name: 'Home & Family', icon: House, words: 10, mastered: 7 },
];

/** Spec §2 onboarding step 3, "AI grouping explanation"; a server without a provider says so. */
export function StepGrouping({ aiProvider }: { aiProvider: boolean }) {
  return (
    <div className="flex flex-col gap-6">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight">
          {aiProvider ? 'AI groups your words' : 'Word groups'}
        </h1>
        <p className="text-muted-foreground">
          {aiProvider
            ? 'Once you have a few words, AI sorts them into themed groups, so related words are learned together and you see your progress in each.'
            : GROUP_TEXT.emptyTextWithoutAi}
        </p>
      </div>
      <ul className="flex flex-col gap-3" aria-label="Example groups">
        {SAMPLE_GROUPS.map(({ name, icon: Icon, words, mastered }) => {
          const percent = Math.round((mastered / words) * 100);
          return (
            <li
              key={name}
              className="flex items-center gap-4 rounded-2xl border bg-card p-4 shadow-sm"
            >
              <div className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="font-semibold">{name}</p>
                <p className="text-sm text-muted-foreground">
                  {words} words • {mastered} mastered
                </p>
                <div
                  className="mt-2 h-1.5 overflow-hidden rounded-full bg-muted"
                  aria-hidden="true"
                >
                  <div
                    className="h-full rounded-full bg-primary"
                    style={{ width: `${percent}%` }}
                  />
                </div>
              </div>
              <span className="text-sm font-medium text-muted-foreground">{percent}%</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
