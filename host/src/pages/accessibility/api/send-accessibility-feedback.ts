import { feedbackReceiptSchema, type FeedbackReceipt, type FeedbackRequest } from '@assistant/contracts';
import { apiClients, useMutation, useQueryClient } from '@assistant/platform';

export const feedbackKeys = {
  all: ['feedback'] as const,
};

/** POST /api/feedback/accessibility: a reported barrier with the ui version (SPEC section 7). */
export async function sendAccessibilityFeedback(feedback: FeedbackRequest, signal?: AbortSignal): Promise<FeedbackReceipt> {
  return apiClients().api.post('feedback/accessibility', feedback, feedbackReceiptSchema, { signal });
}

/** Sends a report; feedback read elsewhere (`['feedback', ...]`) is out of date afterwards. */
export function useSendAccessibilityFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: [...feedbackKeys.all, 'accessibility', 'send'],
    mutationFn: (feedback: FeedbackRequest) => sendAccessibilityFeedback(feedback),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
