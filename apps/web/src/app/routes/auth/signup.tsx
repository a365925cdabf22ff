import { SCREEN_TEXT } from '@verba/shared';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { SignupForm } from '@/features/auth/components/signup-form';
import { usePageMeta } from '@/lib/page-meta';

export function SignupRoute() {
  usePageMeta({
    title: SCREEN_TEXT.signupTitle,
    description: 'Create a free Verba account: AI word cards and spaced repetition, with no ads.',
  });
  return (
    <Card>
      <CardHeader className="text-center">
        <h1 className="text-2xl leading-tight font-semibold">{SCREEN_TEXT.signupTitle}</h1>
        <CardDescription>Start learning vocabulary for free</CardDescription>
      </CardHeader>
      <CardContent>
        <SignupForm />
      </CardContent>
    </Card>
  );
}
