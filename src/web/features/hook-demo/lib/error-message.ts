import { ApiError } from '@/lib/api-client';

/** The words to show for a failed call: the server's own message when it sent one. */
export const errorMessage = (error: unknown, fallback = 'Something went wrong'): string => {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
};
