import { SCREEN_TEXT } from '@verba/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
        <CardTitle>
          <span className="text-2xl">{SCREEN_TEXT.signupTitle}</span>
        </CardTitle>
        <CardDescription>Start learning vocabulary for free</CardDescription>
      </CardHeader>
      <CardContent>
        <SignupForm />
      </CardContent>
    </Card>
  );
}
