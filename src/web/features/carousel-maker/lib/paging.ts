/**
 * docs/product/carousels.md rule 3: the "Select a Collection" dialog shows 12 collections per page.
 */
export const pageCount = (total: number, perPage: number) =>
  Math.max(1, Math.ceil(Math.max(0, total) / perPage));

/** Clamps `page` (0-based) into range, so a list that shrank never shows an empty page. */
export const clampPage = (page: number, total: number, perPage: number) =>
  Math.min(Math.max(0, page), pageCount(total, perPage) - 1);

export const pageItems = <T>(items: readonly T[], page: number, perPage: number): T[] => {
  const at = clampPage(page, items.length, perPage);
  return items.slice(at * perPage, at * perPage + perPage);
};
