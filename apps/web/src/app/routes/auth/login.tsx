import { SCREEN_TEXT } from '@verba/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
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
        <CardTitle>
          <span className="text-2xl">{SCREEN_TEXT.loginTitle}</span>
        </CardTitle>
        <CardDescription>Sign in to continue learning</CardDescription>
      </CardHeader>
      <CardContent>
        <LoginForm />
      </CardContent>
    </Card>
  );
}
