/**
 * `npm run bench`: the API reads against a bare route on the same server (bench-api.ts), the
 * landing page's gzipped JavaScript, and the other sections below. Prints figures and ratios; asserts nothing.
 */
import { runAiBench } from './bench-ai';
import { runCampaignsBench } from './bench-campaigns';
import { runApiBench } from './bench-api';
import { runFirstStartBench } from './bench-first-start';
import { printCiTimes } from './bench-ci-times';
import { runWriterEval } from './bench-writer-eval';
import { runJobsBench } from './bench-jobs';
import { runLoadBench } from './bench-load';
import { runQueueBench } from './bench-queue';
import { runRenderBench } from './bench-render';
import { runSlidesBench } from './bench-slides';
import { runTemplatesBench } from './bench-templates';
import { runVideosBench } from './bench-videos';
import { landingFirstClicksMs, landingJsGzip, landingLcpMs } from './bench-landing';

const main = async () => {
  // The four API reads against the bare route and a hello-world, p99 and RSS (decision 029).
  await runApiBench();

  const js = landingJsGzip();
  if (js) {
    console.log(
      `Landing page JavaScript: ${js.files} file(s), ${(js.raw / 1024).toFixed(1)} KiB raw, ${(js.gz / 1024).toFixed(1)} KiB gzipped (target 100), LCP ${(await landingLcpMs()).toFixed(0)} ms in Chromium (target 1000)`,
    );
    const clicks = await landingFirstClicksMs();
    console.log(
      `Landing page first clicks, once the page is idle: "View real examples" scrolls in ${clicks.anchor.toFixed(0)} ms, "Start now" shows the sign-up dialog in ${clicks.dialog.toFixed(0)} ms (target 100 each)`,
    );
  } else {
    console.log('Landing page JavaScript: no build found (run npm run build first)');
  }
};

// Where the last timed test run spent its time (CI's 15-minute target).
printCiTimes();
// A newcomer's first `npm start` and a second one, first: on a quiet machine.
await runFirstStartBench();
await main();
// The AI layer's figures (local writer against the 300 ms target) in the same run.
await runAiBench();
runWriterEval();
// Slide rendering (server and headless Chromium, 8 slides + zip) against its targets.
await runSlidesBench();
// The template catalogue's thumbnails and fills (decision 043).
await runTemplatesBench();
// A 30 s product video's upload intake against a plain decode of it (decision 036).
await runVideosBench();
// A burst of queued jobs drained per second, on PGlite and PostgreSQL.
await runJobsBench();
// The four API reads at 200 connections on PGlite (and PostgreSQL) against the 1 s p99 target.
await runLoadBench();
// GET /api/queue at 100 connections on PGlite: answered or refused quickly, none left waiting.
await runQueueBench();
// A 10 s Hook + Demo rendered locally: real time, a hand-written ffmpeg command, SSIM (decision 033).
await runRenderBench();
// Campaign items due at once, sent by two worker processes on PostgreSQL (issue 12).
await runCampaignsBench();
