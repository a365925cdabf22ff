import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser, SyncEntry } from '@verba/shared';
import { ApiError, NETWORK_ERROR } from '@/lib/core/api-error';
import { queryKeys } from '@/lib/core/query-keys';

/** Whether a request failed before the server answered: offline, in decision 012's sense. */
export function isNetworkFailure(error: unknown): boolean {
  return error instanceof ApiError && error.code === NETWORK_ERROR;
}

/** The code of practice refused because the device holds as much as it can. */
export const OUTBOX_FULL = 'OUTBOX_FULL';

/** The signed-in learner, whose outbox practice made offline goes to. */
export function learnerOf(queryClient: QueryClient): string | undefined {
  return queryClient.getQueryData<SessionUser | null>(queryKeys.session)?.id;
}

/** Keeps practice made offline in the learner's outbox; a full outbox refuses it, saying so. */
export async function queueOnDevice(learnerId: string, entries: SyncEntry[]): Promise<void> {
  // The outbox (IndexedDB) is loaded when practice first needs it.
  const outbox = await import('@/lib/outbox/outbox-sync');
  try {
    await outbox.queueEntries(learnerId, entries);
  } catch (error) {
    if (error instanceof outbox.OutboxFullError) {
      throw new ApiError({ status: 507, code: OUTBOX_FULL, message: outbox.OUTBOX_FULL_TEXT });
    }
    throw error;
  }
}

/** Whether answers to this session wait on the device: later ones join them, in order. */
export async function waitsOnDevice(learnerId: string, sessionId: string): Promise<boolean> {
  try {
    const outbox = await import('@/lib/outbox/outbox-sync');
    return await outbox.holdsSession(learnerId, sessionId);
  } catch {
    // No IndexedDB here (a private window of some browsers): nothing can wait on the device.
    return false;
  }
}
