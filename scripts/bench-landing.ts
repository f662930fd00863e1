// Landing page: gzipped JS its HTML references and LCP in headless Chromium (decision 032).
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH } from '../e2e/chromium';

const dir = path.resolve('dist/web');

// What the server answers for "/": the prerendered page when the build made one (decision 052).
const landingFile = () =>
  ['landing.html', 'index.html'].map((f) => path.join(dir, f)).find((f) => fs.existsSync(f));

export const landingJsGzip = () => {
  const indexFile = landingFile();
  if (!indexFile) return null;
  const html = fs.readFileSync(indexFile, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = fs.readFileSync(path.join(dir, f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
};

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.html': 'text/html',
};

// A bare static server: the LCP of the built files alone, without the API's own costs.
const serveDist = () =>
  http.createServer((req, res) => {
    const file = path.join(dir, decodeURIComponent((req.url ?? '/').split('?')[0]!));
    const target =
      file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()
        ? file
        : (landingFile() ?? path.join(dir, 'index.html'));
    const gzipped = target.endsWith('.html') || target.endsWith('.js');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      ...(gzipped ? { 'content-encoding': 'gzip' } : {}),
    });
    res.end(gzipped ? gzipSync(fs.readFileSync(target)) : fs.readFileSync(target));
  });

export const landingLcpMs = async () => {
  const server = serveDist();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    page.route('**/api/**', (route) =>
      route.fulfill({ status: 401, json: { error: 'x', code: 'unauthorized' } }),
    );
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
      waitUntil: 'load',
    });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const last = list.getEntries().at(-1);
            if (last) resolve(last.startTime);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await browser.close();
    server.close();
  }
};

/**
 * The landing page's first clicks, as a visitor makes them while the page is idle (issue 26:
 * within 100 ms): "View real examples" (an anchor: the page scrolls without the app) and
 * "Start now" (the sign-up dialog, from the app the page fetched while the visitor read). Each is
 * the time from the click to the first frame that shows its effect.
 */
export const landingFirstClicksMs = async () => {
  const server = serveDist();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const open = async () => {
    const page = await browser.newPage();
    await page.route('**/api/**', (route) =>
      route.fulfill({ status: 401, json: { error: 'x', code: 'unauthorized' } }),
    );
    await page.goto(url, { waitUntil: 'networkidle' });
    return page;
  };
  // Starts timing at the click inside the page, and stops at the first frame where `done` holds.
  const clickAndWait = (target: string, done: string) =>
    `new Promise((resolve) => {
      const target = ${target};
      const start = performance.now();
      target.click();
      const check = () => (${done}) ? resolve(performance.now() - start) : requestAnimationFrame(check);
      requestAnimationFrame(check);
    })`;
  try {
    const anchor = await (
      await open()
    ).evaluate<number>(
      clickAndWait(`document.querySelector('a[href="#examples"]')`, 'window.scrollY > 0'),
    );
    const dialog = await (
      await open()
    ).evaluate<number>(
      clickAndWait(
        `[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Start now')`,
        `document.querySelector('[role="dialog"]') !== null`,
      ),
    );
    return { anchor, dialog };
  } finally {
    await browser.close();
    server.close();
  }
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const js = landingJsGzip();
  const lcp = await landingLcpMs();
  console.log(
    `Landing page JavaScript: ${js ? (js.gz / 1024).toFixed(1) : '?'} KiB gzipped, LCP ${lcp.toFixed(0)} ms (Chromium, localhost)`,
  );
}
