import { useMutation } from '@tanstack/react-query';
import { downloadFile, today } from './download-file';

/** Downloads everything of the learner's as one JSON file. */
export const downloadMyData = () =>
  downloadFile('/api/account/export', `verba-data-${today()}.json`, 'application/json');

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
