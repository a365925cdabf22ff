import type { ReactNode } from 'react';
import { BookOpen, Clock, Flame, Trophy, type LucideIcon } from 'lucide-react';
import {
  masteryPercent,
  pluralForm,
  PROFILE_TEXT,
  studyTimeText,
  UNITS,
  type Profile,
} from '@verba/shared';
import { Card } from '@/components/ui/card';

function StatCard({
  icon: Icon,
  label,
  value,
  detail,
  testId,
  children,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  detail: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <Card className="flex flex-col gap-1 p-4" data-testid={testId}>
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden="true" className="size-4 text-primary" />
        {label}
      </p>
      <p className="text-2xl font-bold tabular-nums" data-testid={`${testId}-value`}>
        {value}
      </p>
      <p className="text-xs text-muted-foreground" data-testid={`${testId}-detail`}>
        {detail}
      </p>
      {children}
    </Card>
  );
}

/** The four progress cards (spec §2 "Profile"; formulas in §9 "Profile display"). */
export function ProgressCards({ profile }: { profile: Profile }) {
  const percent = masteryPercent(profile.masteredWords, profile.totalWords);
  return (
    <section aria-label="Progress" className="grid grid-cols-2 gap-3">
      <StatCard
        icon={BookOpen}
        label={PROFILE_TEXT.totalWords}
        value={String(profile.totalWords)}
        detail={`${profile.masteredWords} ${PROFILE_TEXT.mastered} (${percent}%)`}
        testId="stat-total-words"
      />
      <StatCard
        icon={Flame}
        label={PROFILE_TEXT.streak}
        value={String(profile.currentStreak)}
        detail={pluralForm(profile.currentStreak, UNITS.day)}
        testId="stat-streak"
      />
      <StatCard
        icon={Clock}
        label={PROFILE_TEXT.studyTime}
        value={studyTimeText(profile.totalStudyTime)}
        detail={PROFILE_TEXT.studyTimeDetail}
        testId="stat-study-time"
      />
      <StatCard
        icon={Trophy}
        label={PROFILE_TEXT.masteryRate}
        value={`${percent}%`}
        detail={`${profile.masteredWords} / ${profile.totalWords}`}
        testId="stat-mastery-rate"
      >
        <div
          role="progressbar"
          aria-label={PROFILE_TEXT.masteryRate}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div className="h-full rounded-full bg-primary" style={{ width: `${percent}%` }} />
        </div>
      </StatCard>
    </section>
  );
}
