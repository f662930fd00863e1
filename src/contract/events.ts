import { z } from 'zod';

/** Product events the client records; each name is listed so a typo is a 400, not a new metric. */
export const ZAppEventName = z.enum(['generation_blocked']);

export const ZRecordEventRequest = z.object({
  name: ZAppEventName,
  properties: z
    .record(z.string().max(40), z.union([z.string().max(200), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'At most 20 properties')
    .meta({ maxProperties: 20 })
    .default({}),
});
export type TRecordEventRequest = z.input<typeof ZRecordEventRequest>;

export const ZAppEvent = z.object({
  id: z.string(),
  name: z.string(),
  properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  createdAt: z.string(),
});
export const ZListEventsResponse = z.object({ events: z.array(ZAppEvent) });
