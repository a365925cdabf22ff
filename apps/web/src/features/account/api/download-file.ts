import { ApiError, toApiError } from '@/lib/core/api-error';

/** Fetches a file from the API and hands it to the browser as a download named `filename`. */
export async function downloadFile(url: string, filename: string, accept: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { Accept: accept } });
  } catch {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  }
  if (!response.ok) {
    throw toApiError(response.status, await response.json().catch(() => null), 'Download failed');
  }
  const blob = await response.blob();
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
}

/** Today's date for a file name, e.g. 2026-11-27. */
export const today = () => new Date().toISOString().slice(0, 10);
