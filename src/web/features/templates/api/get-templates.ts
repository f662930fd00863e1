import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZListTemplatesResponse } from '#contract/templates';
import type { TTemplate } from '#contract/templates';
import { apiRequest } from '@/lib/api-client';
import { queryKeys, queryPath } from '@/lib/query-keys';

export const getTemplates = async (): Promise<TTemplate[]> =>
  ZListTemplatesResponse.parse(await apiRequest<unknown>(queryPath(queryKeys.templates))).templates;

export const templatesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.templates, queryFn: getTemplates });

/** GET /api/templates: the catalogue (docs/product/templates.md rule 1). */
export const useTemplates = () => useQuery(templatesQueryOptions());
