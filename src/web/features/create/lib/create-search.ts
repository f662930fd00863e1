import { z } from 'zod';
import { ZDraftType } from '#contract/drafts';
import type { TDraftType } from '#contract/drafts';

/**
 * `return` is followed by Back, so only a path inside this app is accepted: "//evil.example"
 * or "https://…" would turn the button into an open redirect.
 */
const ZReturnPath = z
  .string()
  .refine((v) => v.startsWith('/') && !v.startsWith('//') && !v.startsWith('/\\'));

/**
 * docs/product/create.md rules 1, 3: the query parameters; an invalid value is ignored rather than
 * breaking the page.
 */
const ZCreateSearch = z.object({
  type: ZDraftType.optional().catch(undefined),
  draftId: z.string().trim().min(1).max(200).optional().catch(undefined),
  return: ZReturnPath.optional().catch(undefined),
  auto: z.literal('video').optional().catch(undefined),
  draftItem: z.string().trim().min(1).max(200).optional().catch(undefined),
});
export type CreateSearch = z.infer<typeof ZCreateSearch>;

export const parseCreateSearch = (params: URLSearchParams): CreateSearch =>
  ZCreateSearch.parse({
    type: params.get('type') ?? undefined,
    draftId: params.get('draftId') ?? undefined,
    return: params.get('return') ?? undefined,
    auto: params.get('auto') ?? undefined,
    draftItem: params.get('draftItem') ?? undefined,
  });

/** The search string that opens a draft in its tool, keeping where Back should go. */
export const openDraftSearch = (
  draft: { id: string; type: TDraftType },
  returnTo?: string,
): URLSearchParams => {
  const next = new URLSearchParams({ type: draft.type, draftId: draft.id });
  if (returnTo) next.set('return', returnTo);
  return next;
};
