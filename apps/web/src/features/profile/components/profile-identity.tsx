import { LANGUAGES, PROFILE_TEXT, type Profile } from '@verba/shared';
import { LanguageFlag } from '@/components/ui/language-flag';

/** Avatar with the email's first letter, the name (or the email), and the language learned. */
export function ProfileIdentity({ profile }: { profile: Profile }) {
  const name = profile.displayName?.trim() || profile.email;
  const languageName = LANGUAGES.find((l) => l.code === profile.targetLanguage)?.name;
  return (
    <div className="flex items-center gap-4 py-2">
      <div
        aria-hidden="true"
        data-testid="profile-avatar"
        className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-foreground"
      >
        {profile.email.charAt(0).toUpperCase()}
      </div>
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold" data-testid="profile-name">
          {name}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          <span data-testid="profile-learning">
            {PROFILE_TEXT.learning} {profile.targetLanguage.toUpperCase()}
          </span>
          {/* The spec's code alone ('DE') leaves a learner guessing; the name says it. */}
          <span aria-hidden="true">·</span>
          <LanguageFlag code={profile.targetLanguage} className="size-4" />
          <span data-testid="profile-learning-name">{languageName}</span>
        </p>
      </div>
    </div>
  );
}
