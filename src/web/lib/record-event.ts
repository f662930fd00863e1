import type { TRecordEventRequest } from '#contract/events';
import { apiRequest } from '@/lib/api-client';

/** POST /api/events. Analytics must never get in the user's way, so failures are dropped. */
export const recordEvent = async (event: TRecordEventRequest) => {
  try {
    await apiRequest<unknown>('/api/events', { body: event });
  } catch {
    /* not worth telling the user about */
  }
};
