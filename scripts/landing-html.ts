/**
 * The prerendered landing page from the built app shell: the same head (title, meta, the
 * stylesheet), the static markup in #root, and in place of the app's module script and its
 * preloads, the boot script that knows where the app is (decision 052).
 */
export const composeLandingHtml = (indexHtml: string, body: string, bootUrl: string): string => {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(indexHtml);
  if (!entry) throw new Error('dist/web/index.html has no module script: run vite build first');
  const appUrl = entry[1]!;
  const boot = `<script src="${bootUrl}" data-app="${appUrl}"></script>\n  `;
  const withoutApp = indexHtml
    .replace(entry[0], '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
  if (!withoutApp.includes('<div id="root"></div>')) {
    throw new Error('dist/web/index.html has no empty #root to fill');
  }
  return withoutApp
    .replace('</title>', `</title>\n    ${boot}`)
    .replace('<div id="root"></div>', `<div id="root"><div data-prerendered>${body}</div></div>`);
};
