import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillingSummary } from '#contract/billing';
import { apiRequest } from '@/lib/api-client';

export const BILLING_SUMMARY_QUERY_KEY = ['/api/billing/summary'] as const;

export const getBillingSummary = () => apiRequest<TBillingSummary>('/api/billing/summary');

export const getBillingSummaryQueryOptions = () =>
  queryOptions({ queryKey: BILLING_SUMMARY_QUERY_KEY, queryFn: getBillingSummary });

export const useBillingSummary = () => useQuery(getBillingSummaryQueryOptions());
