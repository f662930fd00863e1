import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';
import { reportPaymentRequired } from '@/lib/payment-required';
import { queryKeys } from '@/lib/query-keys';
import { newIdempotencyKey } from '@/lib/tiktok/publishing-api';
import { uploadFailure } from '@/lib/tiktok/upload-errors';

/**
 * The send of both upload dialogs (docs/product/publishing.md rule 10): busy while it
 * runs, a failure told in a toast and kept on the dialog, a 402 left to the upgrade dialog. The
 * queue and the credits are read again after every send, sent or not: a failed send is in the queue
 * too, and its credit was given back (decisions 085, 086).
 *
 * One key per attempt: a retry after a lost answer resumes the same post on the server. Once the
 * server answered (the attempt is over: sent, or failed with what to do), the next click is a
 * new attempt with a new key; only "being sent right now" (409 tiktok_error) and "busy" (503) keep it.
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
      return true;
    } catch (failure) {
      const inFlight =
        failure instanceof ApiError &&
        (failure.status === 503 || (failure.status === 409 && failure.code === 'tiktok_error'));
      if (failure instanceof ApiError && !inFlight) key.current = newIdempotencyKey();
      if (reportPaymentRequired(failure)) return false;
      const { title, description } = uploadFailure(failure, failureTitle);
      setError(description);
      toast({ title, description, variant: 'destructive' });
      return false;
    } finally {
      setSubmitting(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.queue });
      void queryClient.invalidateQueries({ queryKey: queryKeys.entitlements });
    }
  };

  return { submitting, error, clearError: () => setError(null), submit };
};

export type PostSubmit = ReturnType<typeof usePostSubmit>;
