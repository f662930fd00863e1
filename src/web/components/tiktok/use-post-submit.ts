import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { reportPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import { newIdempotencyKey } from '@/lib/tiktok/publishing-api';
import { uploadFailure } from '@/lib/tiktok/upload-errors';

/**
 * The send of both upload dialogs (spec 02 §8 "Publishing"): busy while it runs, a failure told
 * in a toast and kept on the dialog, a 402 left to the upgrade dialog, the queue refreshed after
 * success. One key per post: a retry after a lost answer resumes the same post on the server.
 */
export const usePostSubmit = (failureTitle: string) => {
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());

  /** Resolves true once `send` went through. */
  const submit = async (send: (idempotencyKey: string) => Promise<void>) => {
    setSubmitting(true);
    setError(null);
    try {
      await send(key.current);
      key.current = newIdempotencyKey();
      void queryClient.invalidateQueries({ queryKey: queryKeys.queue });
      return true;
    } catch (failure) {
      if (reportPaymentRequired(failure)) return false;
      const { title, description } = uploadFailure(failure, failureTitle);
      setError(description);
      toast({ title, description, variant: 'destructive' });
      return false;
    } finally {
      setSubmitting(false);
    }
  };

  return { submitting, error, clearError: () => setError(null), submit };
};

export type PostSubmit = ReturnType<typeof usePostSubmit>;
