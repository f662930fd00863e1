import type {
  TSandboxApproveRequest,
  TSandboxAuthorizeParams,
  TSandboxAuthorizeView,
  TSandboxRedirect,
} from '#contract/tiktok-sandbox';
import { apiRequest } from '@/lib/api-client';

const BASE = '/tiktok-sandbox/api/authorize';

export const fetchAuthorizeView = (params: TSandboxAuthorizeParams, signal?: AbortSignal) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return apiRequest<TSandboxAuthorizeView>(`${BASE}?${query.toString()}`, { signal });
};

export const approveAuthorization = (body: TSandboxApproveRequest) =>
  apiRequest<TSandboxRedirect>(`${BASE}/approve`, { method: 'POST', body });

export const denyAuthorization = (params: TSandboxAuthorizeParams) =>
  apiRequest<TSandboxRedirect>(`${BASE}/deny`, { method: 'POST', body: { params } });
