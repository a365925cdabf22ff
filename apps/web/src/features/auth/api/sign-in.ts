import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginInput, Profile, SessionUser } from '@verba/shared';
import { api } from '@/lib/api-client';
import { noteSignedOutHere } from '@/lib/auth';
import { getProfile } from '@/lib/profile';
import { queryKeys } from '@/lib/query-keys';

interface SignedIn {
  user: SessionUser;
  profile: Profile;
}

/** Signs in, then reads the profile: where the user goes next depends on their onboarding. */
export async function signIn(input: LoginInput): Promise<SignedIn> {
  const { user } = await api.post<{ user: SessionUser }>('/api/auth/sign-in/email', {
    email: input.email,
    password: input.password,
  });
  const profile = await getProfile();
  return { user: { id: user.id, email: user.email }, profile };
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: ({ user, profile }) => {
      // The guest gate around the form sees the user and moves on to the feed or onboarding.
      noteSignedOutHere(false);
      queryClient.setQueryData(queryKeys.profile, profile);
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}
