import { describe, expect, it } from 'vitest';
import { composeLandingHtml } from './landing-html';

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <title>Hookreel</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/dist-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('composeLandingHtml', () => {
  const html = composeLandingHtml(SHELL, '<main>Hooks</main>', '/assets/landing-boot-1.js');

  it('references the boot script only, which knows where the app is', () => {
    const scripts = [...html.matchAll(/(?:src|href)="([^"]+\.js)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/assets/landing-boot-1.js']);
    expect(html).toContain('data-app="/assets/index-abc.js"');
  });

  it('keeps the stylesheet and puts the static markup in #root, marked as prerendered', () => {
    expect(html).toContain('href="/assets/index-ghi.css"');
    expect(html).toContain('<div id="root"><div data-prerendered><main>Hooks</main></div></div>');
  });

  it('refuses a shell that is not a built app', () => {
    expect(() => composeLandingHtml('<html><div id="root"></div></html>', '', '/b.js')).toThrow(
      /run vite build first/,
    );
  });
});
