import { useMutation } from '@tanstack/react-query';
import type { Feedback, FeedbackInput } from '@verba/shared';
import { api } from '@/lib/core/api-client';

export function submitFeedback(input: FeedbackInput): Promise<Feedback> {
  return api.post<Feedback>('/api/feedback', input);
}

export function useSubmitFeedback() {
  return useMutation({ mutationFn: submitFeedback });
}
