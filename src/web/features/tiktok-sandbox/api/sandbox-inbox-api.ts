import type { TSandboxSwitches } from '#contract/tiktok-sandbox-inbox';
import {
  ZSandboxClockResponse,
  ZSandboxInbox,
  ZSandboxInboxItem,
  ZSandboxSwitches,
} from '#contract/tiktok-sandbox-inbox';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

const BASE = '/tiktok-sandbox/api';

export const fetchInbox = async (signal?: AbortSignal) =>
  ZSandboxInbox.parse(
    await apiRequest<unknown>(queryPath(queryKeys.tiktokSandboxInbox), { signal }),
  );

export const postFromInbox = async (itemId: string) =>
  ZSandboxInboxItem.parse(
    await apiRequest<unknown>(`${BASE}/posts/${encodeURIComponent(itemId)}/publish`, {
      method: 'POST',
    }),
  );

/** The test account makes a posted item private; TikTok tells the app by webhook. */
export const makePrivate = async (itemId: string) =>
  ZSandboxInboxItem.parse(
    await apiRequest<unknown>(`${BASE}/posts/${encodeURIComponent(itemId)}/make-private`, {
      method: 'POST',
    }),
  );

export const saveSwitches = async (openId: string, switches: TSandboxSwitches) =>
  ZSandboxSwitches.parse(
    await apiRequest<unknown>(`${BASE}/accounts/${encodeURIComponent(openId)}/switches`, {
      method: 'PUT',
      body: switches,
    }),
  );

/** Moves the test account's clock ahead: its posted items gain that time's views (decision 044). */
export const advanceClock = async (openId: string, hours: number) =>
  ZSandboxClockResponse.parse(
    await apiRequest<unknown>(`${BASE}/accounts/${encodeURIComponent(openId)}/clock`, {
      method: 'POST',
      body: { advance_hours: hours },
    }),
  );
