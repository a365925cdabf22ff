import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Profile, SessionUser } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { noteSignedOutHere } from '@/lib/core/auth';
import { profileOnceConfirmed } from './profile-once-confirmed';
import { queryKeys } from '@/lib/core/query-keys';

interface SignedIn {
  user: SessionUser;
  /** null while the email address is not confirmed: the gate then shows "check your email". */
  profile: Profile | null;
}

/** Signs in, then reads the profile: where the user goes next depends on their onboarding. */
export async function signIn(input: LoginInput): Promise<SignedIn> {
  const { user } = await api.post<{ user: SessionUser }>('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  const profile = await profileOnceConfirmed();
  return { user: { id: user.id, email: user.email }, profile };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, profile }) => {
      // The guest gate around the form sees the user and moves on to the feed or onboarding.
      noteSignedOutHere(false);
      if (profile) queryClient.setQueryData(queryKeys.profile, profile);
      else queryClient.removeQueries({ queryKey: queryKeys.profile });
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}
