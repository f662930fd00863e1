import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TBillingSummary } from '#contract/billing';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getBillingSummary = () =>
  apiRequest<TBillingSummary>(queryPath(queryKeys.billingSummary));

export const getBillingSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billingSummary, queryFn: getBillingSummary });

export const useBillingSummary = () => useQuery(getBillingSummaryQueryOptions());
