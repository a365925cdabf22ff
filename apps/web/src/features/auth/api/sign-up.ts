import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, SessionUser, SignupInput } from '@verba/shared';
import { api } from '@/lib/api-client';
import { noteSignedOutHere } from '@/lib/auth';
import { getProfile } from '@/lib/profile';
import { queryKeys } from '@/lib/query-keys';

interface SignedUp {
  user: SessionUser;
  profile: Profile;
}

/** Creates the account (the server signs it in and creates its profile) and reads the profile. */
export async function signUp(input: SignupInput): Promise<SignedUp> {
  const { user } = await api.post<{ user: SessionUser }>('/api/auth/sign-up/email', {
    email: input.email,
    password: input.password,
    name: '',
  });
  const profile = await getProfile();
  return { user: { id: user.id, email: user.email }, profile };
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: ({ user, profile }) => {
      // A new profile has not finished onboarding, so the guest gate moves on to /onboarding.
      noteSignedOutHere(false);
      queryClient.setQueryData(queryKeys.profile, profile);
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}
