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

export const saveSwitches = (openId: string, switches: TSandboxSwitches) =>
  apiRequest<TSandboxSwitches>(`${BASE}/accounts/${encodeURIComponent(openId)}/switches`, {
    method: 'PUT',
    body: switches,
  });
