import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, SessionUser, SignupInput } from '@verba/shared';
import { api } from '@/lib/core/api-client';
import { noteSignedOutHere } from '@/lib/core/auth';
import { profileOnceConfirmed } from './profile-once-confirmed';
import { queryKeys } from '@/lib/core/query-keys';

interface SignedUp {
  user: SessionUser;
  /** null while the email address is not confirmed: the gate then shows "check your email". */
  profile: Profile | null;
}

/**
 * Creates the account (the server signs it in and creates its profile) and reads the profile.
 * `invitation` is the token of the invitation link the sign-up page was opened with.
 */
export async function signUp(input: SignupInput & { invitation?: string }): Promise<SignedUp> {
  const { user } = await api.post<{ user: SessionUser }>('/api/auth/sign-up/email', {
    email: input.email,
    password: input.password,
    name: '',
    ...(input.invitation ? { invitation: input.invitation } : {}),
  });
  const profile = await profileOnceConfirmed();
  return { user: { id: user.id, email: user.email }, profile };
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user, profile }) => {
      // A new profile has not finished onboarding, so the guest gate moves on to /onboarding.
      noteSignedOutHere(false);
      if (profile) queryClient.setQueryData(queryKeys.profile, profile);
      else queryClient.removeQueries({ queryKey: queryKeys.profile });
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}
