import type { Profile } from '@verba/shared';
import { ApiError, EMAIL_NOT_VERIFIED } from '@/lib/core/api-error';
import { getProfile } from '@/lib/core/profile';

/** The profile after signing in or up, or null while the email address is not confirmed. */
export async function profileOnceConfirmed(): Promise<Profile | null> {
  try {
    return await getProfile();
  } catch (error) {
    if (error instanceof ApiError && error.code === EMAIL_NOT_VERIFIED) return null;
    throw error;
  }
}
