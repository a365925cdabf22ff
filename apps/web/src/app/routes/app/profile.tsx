import { findLanguage } from '@verba/shared';
import { PageHeader } from '@/components/layouts/page-header';
import { LanguageFlag } from '@/components/ui/language-flag';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SignOutButton } from '@/features/auth/components/sign-out-button';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import { usePageMeta } from '@/lib/page-meta';
import { useProfile } from '@/lib/profile';

function Identity() {
  const { data: profile } = useProfile();
  if (!profile) return null;
  const name = profile.displayName?.trim() || profile.email;
  const target = findLanguage(profile.targetLanguage);
  return (
    <div className="mb-6 flex items-center gap-4">
      <div
        aria-hidden="true"
        className="flex size-14 shrink-0 items-center justify-center rounded-full bg-primary text-2xl font-bold text-primary-foreground"
      >
        {profile.email.charAt(0).toUpperCase()}
      </div>
      <div className="min-w-0">
        <p className="truncate text-lg font-semibold">{name}</p>
        <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
          Learning {target?.name ?? profile.targetLanguage.toUpperCase()}
          <LanguageFlag code={profile.targetLanguage} className="size-4" />
        </p>
      </div>
    </div>
  );
}

export function ProfileRoute() {
  usePageMeta({
    title: 'Profile',
    description: 'Your progress, settings and account.',
    noindex: true,
  });
  return (
    <>
      <PageHeader title="Profile" />
      <Identity />
      <div className="flex flex-col gap-4">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Appearance</CardTitle>
            <CardDescription>Light, dark, or follow your device.</CardDescription>
          </CardHeader>
          <CardContent>
            <ThemeToggle />
          </CardContent>
        </Card>
        <SignOutButton />
      </div>
    </>
  );
}
