import { z } from 'zod';

export const ZCreateProductRequest = z.object({
  name: z.string().trim().min(1, 'Enter the product name').max(120),
  description: z.string().trim().max(5000).default(''),
});
export type TCreateProductRequest = z.infer<typeof ZCreateProductRequest>;

/** Spec 02 §3 Product, as far as the products feature has built it. */
export const ZProduct = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  images: z.array(z.string()),
  aiBrief: z
    .object({ hooks: z.array(z.string()) })
    .passthrough()
    .nullable(),
  createdAt: z.string(),
});
export type TProduct = z.infer<typeof ZProduct>;
