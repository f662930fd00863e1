/**
 * Full-page navigation (checkout, billing portal). Kept behind a module so tests can observe
 * it: jsdom's `location.assign` is neither implemented nor replaceable.
 */
export const assignLocation = (url: string) => {
  window.location.assign(url);
};
