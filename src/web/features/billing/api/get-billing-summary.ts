import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZBillingSummary } from '#contract/billing';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getBillingSummary = async () =>
  ZBillingSummary.parse(await apiRequest<unknown>(queryPath(queryKeys.billingSummary)));

export const getBillingSummaryQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.billingSummary, queryFn: getBillingSummary });

export const useBillingSummary = () => useQuery(getBillingSummaryQueryOptions());
