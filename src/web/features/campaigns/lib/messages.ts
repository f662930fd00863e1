import { ApiError } from '@/lib/api-client';

/** The server's own words for a failure when it sent them, else the error's, else `fallback`. */
export const failureText = (error: unknown, fallback: string): string => {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof Error && error.message && !(error.name === 'ZodError')) {
    return error.message;
  }
  return fallback;
};
