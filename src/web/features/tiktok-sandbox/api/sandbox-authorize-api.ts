import type { TSandboxApproveRequest, TSandboxAuthorizeParams } from '#contract/tiktok-sandbox';
import { ZSandboxAuthorizeView, ZSandboxRedirect } from '#contract/tiktok-sandbox';
import { apiRequest } from '@/lib/api-client';

const BASE = '/tiktok-sandbox/api/authorize';

export const fetchAuthorizeView = async (params: TSandboxAuthorizeParams, signal?: AbortSignal) => {
  const query = new URLSearchParams(
    Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  return ZSandboxAuthorizeView.parse(
    await apiRequest<unknown>(`${BASE}?${query.toString()}`, { signal }),
  );
};

export const approveAuthorization = async (body: TSandboxApproveRequest) =>
  ZSandboxRedirect.parse(await apiRequest<unknown>(`${BASE}/approve`, { method: 'POST', body }));

export const denyAuthorization = async (params: TSandboxAuthorizeParams) =>
  ZSandboxRedirect.parse(
    await apiRequest<unknown>(`${BASE}/deny`, { method: 'POST', body: { params } }),
  );
