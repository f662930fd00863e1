/** A page of a list (1-based), with the page number kept inside the list's pages. */
export const pageOf = <T>(items: readonly T[], page: number, size: number) => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: items.slice((current - 1) * size, current * size), page: current, pages };
};
