/**
 * `npx tsx scripts/bench-slides.ts`: how long a carousel of 8 slides takes to render and zip,
 * on the server (@napi-rs/canvas, target 300 ms) and in headless Chromium with the very module
 * the web app ships (src/web/lib/slide-render, bundled with esbuild; target 1 s). Also checks
 * that both draw the same slide alike. Median of several runs; prints figures and ratios,
 * asserts nothing. `runSlidesBench` is exported so `scripts/bench.ts` prints the same lines.
 */
import fs from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import sharp from 'sharp';
import { renderCarouselZip, renderSlidePng } from '../src/server/modules/slides';
import { CHROMIUM_PATH } from '../e2e/chromium';
import type * as SlideRenderApi from '../src/web/lib/slide-render/index';

const RUNS = 5;
const SERVER_TARGET_MS = 300;
const BROWSER_TARGET_MS = 1000;

const TEXTS = [
  'Stop scrolling',
  'This blender fits in your gym bag',
  'Smoothie in 30 seconds, anywhere you are',
  'USB-C charging: 20 blends on one charge',
  'No more lumpy protein shakes after leg day, I promise',
  'Dishwasher safe cup\nand a lid that never leaks',
  'I tried every portable blender on the market so you do not have to, and honestly this is the only one that survived a whole month of travel.',
  'Link in bio 🔗',
];
const DESCRIPTION = 'The portable blender that goes where you go. #smoothie #gym #travel';

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const figure = (ms: number, target: number) =>
  `${ms.toFixed(1)} ms (${(ms / target).toFixed(3)}× the ${target} ms target)`;

/** A photo-sized JPEG with colour and detail, so decoding and PNG encoding do real work. */
const samplePhoto = async () => {
  const dots = Array.from({ length: 60 }, (_, i) => {
    const x = (i * 137) % 1600;
    const y = (i * 89) % 1200;
    return `<circle cx="${x}" cy="${y}" r="${20 + (i % 7) * 15}" fill="hsl(${(i * 47) % 360},70%,60%)" opacity="0.7"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f9c74f"/><stop offset="0.5" stop-color="#f3722c"/><stop offset="1" stop-color="#277da1"/></linearGradient></defs><rect width="1600" height="1200" fill="url(#g)"/>${dots}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
};

const serverBench = async (photo: Buffer, log: (line: string) => void) => {
  const slides = TEXTS.map((text) => ({ text, image: photo }));
  await renderCarouselZip({ slides, description: DESCRIPTION }); // warm-up: font, code paths
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const zip = await renderCarouselZip({ slides, description: DESCRIPTION });
    times.push(performance.now() - started);
    const used = process.cpuUsage(cpuStarted);
    cpu.push((used.user + used.system) / 1000);
    bytes = zip.buffer.length;
  }
  // CPU time (all threads: Skia, libvips, the event loop) shows the cost on a busy machine,
  // where wall time mostly measures the neighbours.
  log(
    `  server (@napi-rs/canvas): 8 slides + zip ${figure(median(times), SERVER_TARGET_MS)}, ${median(cpu).toFixed(0)} ms CPU, ${(bytes / 1024 / 1024).toFixed(1)} MiB`,
  );
};

/**
 * The web module as the browser runs it, with its font imports pointed at /fonts/; `fonts` maps
 * each served name to the file its import names (Inter's faces and the emoji font live in
 * packages of their own).
 */
const bundleWebModule = async (fonts: Map<string, string>) => {
  const result = await build({
    entryPoints: [path.resolve('src/web/lib/slide-render/index.ts')],
    bundle: true,
    format: 'iife',
    globalName: 'SlideRender',
    platform: 'browser',
    target: 'es2022',
    write: false,
    tsconfig: path.resolve('tsconfig.json'),
    plugins: [
      {
        name: 'asset-url',
        setup(b) {
          b.onResolve({ filter: /\?url$/ }, (args) => {
            const file = createRequire(path.join(args.resolveDir, 'x.js')).resolve(
              args.path.replace(/\?url$/, ''),
            );
            fonts.set(path.basename(file), file);
            return { path: path.basename(file), namespace: 'asset-url' };
          });
          b.onLoad({ filter: /.*/, namespace: 'asset-url' }, (args) => ({
            contents: `export default ${JSON.stringify(`/fonts/${args.path}`)};`,
            loader: 'js',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]!.text;
};

const serve = async (photo: Buffer, bundle: string, fonts: Map<string, string>) => {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><meta charset="utf-8"><script src="/bundle.js"></script>');
    } else if (url.pathname === '/bundle.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' });
      res.end(bundle);
    } else if (url.pathname === '/photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(photo);
    } else if (fonts.has(path.basename(url.pathname)) && url.pathname.startsWith('/fonts/')) {
      res.writeHead(200, { 'content-type': 'font/woff2' });
      res.end(fs.readFileSync(fonts.get(path.basename(url.pathname))!));
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

/** Mean absolute difference per channel (0..255) between two renders of the same slide. */
const pixelDifference = async (a: Buffer, b: Buffer) => {
  const raw = (img: Buffer) => sharp(img).removeAlpha().raw().toBuffer();
  const [x, y] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < x.length; i++) sum += Math.abs(x[i]! - y[i]!);
  return sum / x.length;
};

/** The bundle's global in the page (esbuild's globalName). */
type PageWindow = { SlideRender: typeof SlideRenderApi };

const browserBench = async (photo: Buffer, log: (line: string) => void) => {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    log(`  browser: skipped (no Chromium at ${CHROMIUM_PATH}; set CHROMIUM_PATH)`);
    return;
  }
  const { chromium } = await import('@playwright/test');
  const fonts = new Map<string, string>();
  const { server, origin } = await serve(photo, await bundleWebModule(fonts), fonts);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    // tsx compiles with keepNames, so the functions handed to page.evaluate call __name.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.goto(origin);
    const result = await page.evaluate(
      async ({ texts, description, runs }) => {
        const { buildCarouselZip, loadSlideFont } = (window as unknown as PageWindow).SlideRender;
        await loadSlideFont();
        // Fresh image URLs every run, so each run fetches and decodes like a first Generate.
        const slides = (run: number) =>
          texts.map((text, i) => ({ text, imageUrl: `/photo.jpg?run=${run}&slide=${i}` }));
        await buildCarouselZip(slides(-1), description); // warm-up
        const times: number[] = [];
        let bytes = 0;
        let count = 0;
        for (let run = 0; run < runs; run++) {
          const started = performance.now();
          const zip = await buildCarouselZip(slides(run), description);
          times.push(performance.now() - started);
          bytes = zip.blob.size;
          count = zip.count;
        }
        return { times, bytes, count };
      },
      { texts: TEXTS, description: DESCRIPTION, runs: RUNS },
    );
    log(
      `  browser (Chromium, ${result.count} slides): 8 slides + zip ${figure(median(result.times), BROWSER_TARGET_MS)}, ${(result.bytes / 1024 / 1024).toFixed(1)} MiB`,
    );

    // The same slide from both sides: the layout and font are shared, so only anti-aliasing
    // and image resampling should differ.
    const text = TEXTS[4]!;
    const fromBrowser = Buffer.from(
      await page.evaluate(async (slideText) => {
        const blob = await (window as unknown as PageWindow).SlideRender.renderSlide({
          text: slideText,
          imageUrl: '/photo.jpg?compare',
        });
        return Array.from(new Uint8Array(await blob.arrayBuffer()));
      }, text),
    );
    const fromServer = await renderSlidePng({ image: photo, text });
    const screens = path.resolve('test-results/screens');
    fs.mkdirSync(screens, { recursive: true });
    fs.writeFileSync(path.join(screens, 'slide-bench-browser.png'), fromBrowser);
    fs.writeFileSync(path.join(screens, 'slide-bench-server.png'), fromServer);
    const diff = await pixelDifference(fromBrowser, fromServer);
    log(`  browser vs server, same slide: mean difference ${diff.toFixed(2)}/255 per channel`);
  } finally {
    await browser.close();
    server.close();
  }
};

export const runSlidesBench = async (log: (line: string) => void = console.log) => {
  const photo = await samplePhoto();
  log(`Slides: 8 slides of 1080x1080 + zip, median of ${RUNS} runs`);
  await serverBench(photo, log);
  await browserBench(photo, log);
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runSlidesBench();
}
