import { DEFAULT_DAILY_TIME } from './new-campaign-form';

// The New Campaign dialog's "Daily time (preview only)" is not part of the campaign the server
// keeps; it is remembered in this browser so "Schedule All" offers the same time (decision 050).
const storageKey = (campaignId: string) => `hookreel:campaign-daily-time:${campaignId}`;

export const rememberDailyTime = (campaignId: string, time: string) => {
  try {
    localStorage.setItem(storageKey(campaignId), time);
  } catch {
    /* storage full or blocked: Schedule All falls back to 06:00 */
  }
};

export const rememberedDailyTime = (campaignId: string): string => {
  try {
    const time = localStorage.getItem(storageKey(campaignId));
    if (time && /^\d{2}:\d{2}$/.test(time)) return time;
  } catch {
    /* storage blocked */
  }
  return DEFAULT_DAILY_TIME;
};
