import { useEffect } from 'react';
import { toast } from 'sonner';
import { watchForUpdate } from '../service-worker-update';

export const UPDATE_TEXT = {
  available: 'A new version of Verba is available',
  description: 'Reload when you are ready; nothing you are doing is lost until then.',
  reload: 'Reload',
} as const;

/** Offers the new version in a toast that stays until the learner reloads or closes it. */
export function UpdatePrompt() {
  useEffect(
    () =>
      watchForUpdate((apply) => {
        toast(UPDATE_TEXT.available, {
          id: 'app-update',
          description: UPDATE_TEXT.description,
          duration: Infinity,
          action: { label: UPDATE_TEXT.reload, onClick: apply },
        });
      }),
    [],
  );
  return null;
}
