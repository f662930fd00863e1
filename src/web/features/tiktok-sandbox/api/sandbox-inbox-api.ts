import type {
  TSandboxInbox,
  TSandboxInboxItem,
  TSandboxSwitches,
} from '#contract/tiktok-sandbox-inbox';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

const BASE = '/tiktok-sandbox/api';

export const fetchInbox = (signal?: AbortSignal) =>
  apiRequest<TSandboxInbox>(queryPath(queryKeys.tiktokSandboxInbox), { signal });

export const postFromInbox = (itemId: string) =>
  apiRequest<TSandboxInboxItem>(`${BASE}/posts/${encodeURIComponent(itemId)}/publish`, {
    method: 'POST',
  });

/** The test account makes a posted item private; TikTok tells the app by webhook. */
export const makePrivate = (itemId: string) =>
  apiRequest<TSandboxInboxItem>(`${BASE}/posts/${encodeURIComponent(itemId)}/make-private`, {
    method: 'POST',
  });

export const saveSwitches = (openId: string, switches: TSandboxSwitches) =>
  apiRequest<TSandboxSwitches>(`${BASE}/accounts/${encodeURIComponent(openId)}/switches`, {
    method: 'PUT',
    body: switches,
  });

/** Moves the test account's clock ahead: its posted items gain that time's views (decision 044). */
export const advanceClock = (openId: string, hours: number) =>
  apiRequest<{ clock_offset_hours: number }>(
    `${BASE}/accounts/${encodeURIComponent(openId)}/clock`,
    { method: 'POST', body: { advance_hours: hours } },
  );
