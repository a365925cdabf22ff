import { SCREEN_TEXT } from '@verba/shared';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { LoginForm } from '@/features/auth/components/login-form';
import { usePageMeta } from '@/lib/page-meta';

export function LoginRoute() {
  usePageMeta({
    title: SCREEN_TEXT.signIn,
    description: 'Sign in to Verba and pick up your vocabulary practice where you left off.',
  });
  return (
    <Card>
      <CardHeader className="text-center">
        <h1 className="text-2xl leading-tight font-semibold">{SCREEN_TEXT.loginTitle}</h1>
        <CardDescription>Sign in to continue learning</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm />
      </CardContent>
    </Card>
  );
}
