import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ACCESS_TEXT, TOAST } from '@verba/shared';
import { AuthCard } from '@/components/layouts/auth-frame';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Button } from '@/components/ui/core/button';
import { useSessionUser } from '@/lib/core/auth';
import { queryKeys } from '@/lib/core/query-keys';
import { useResendVerification } from '../api/resend-verification';
import { SignOutButton } from './sign-out-button';

async function continueIfConfirmed(queryClient: QueryClient) {
  await queryClient.refetchQueries({ queryKey: queryKeys.profile });
  if (queryClient.getQueryState(queryKeys.profile)?.status === 'error') {
    toast.info(ACCESS_TEXT.verifyNeeded);
  }
}

/**
 * Shown instead of the app while the learner's address is not confirmed
 * (REQUIRE_EMAIL_VERIFICATION): where the link went, a way to have it sent again, and a way on
 * once it was opened (in another tab or on another device).
 */
export function CheckEmailScreen() {
  const email = useSessionUser().data?.email ?? '';
  const queryClient = useQueryClient();
  const resend = useResendVerification();
  return (
    <AuthLayout>
      <AuthCard title={ACCESS_TEXT.verifyTitle} description={ACCESS_TEXT.verifyNeeded}>
        <div className="flex flex-col gap-4">
          <p className="text-sm">
            {ACCESS_TEXT.verifyIntro.split('{email}')[0]}
            <strong className="break-all">{email}</strong>
            {ACCESS_TEXT.verifyIntro.split('{email}')[1]}
          </p>
          <Button
            size="lg"
            className="w-full"
            // The gate asks for the profile again: once the link was opened, the app follows.
            onClick={() => void continueIfConfirmed(queryClient)}
          >
            {ACCESS_TEXT.verifyContinue}
          </Button>
          <Button
            variant="outline"
            size="lg"
            className="w-full"
            loading={resend.isPending}
            onClick={() =>
              resend.mutate(undefined, {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) => toast.error(TOAST.error, { description: error.message }),
              })
            }
          >
            {ACCESS_TEXT.verifyResend}
          </Button>
          <div className="flex justify-center">
            <SignOutButton compact />
          </div>
        </div>
      </AuthCard>
    </AuthLayout>
  );
}
