/**
 * The one script the prerendered landing page loads (decision 052). It is a classic script in the
 * head, so it runs before the page paints: a visitor with a session, or a link that carries
 * parameters (?email_confirmed=true, a reset), gets the app at once; anyone else reads static
 * HTML until they click a button, which starts the app and then clicks the same button in it.
 * The app starts while the visitor reads (once the page is idle after its load, so the first
 * paint still waits for this one script only): by the time of a first click the buttons are the
 * app's own and answer at once (issue 26: within 100 ms; `npm run bench` measures it). A click
 * before then starts the app and is replayed in it. In-page links are plain anchors and need no
 * app at all. The example videos play while they are in view, as the app's do (decision 251).
 */
import { playWhileVisible } from '../../lib/play-while-visible';

const SESSION_KEY = 'hookreel.session';
const REPLAY_WAIT_MS = 15_000;

const bootScript = document.currentScript as HTMLScriptElement | null;
const appUrl = bootScript?.dataset.app ?? '';
let started: Promise<unknown> | null = null;

const startApp = (): Promise<unknown> => {
  started ??= import(/* @vite-ignore */ appUrl);
  return started;
};

const hasSession = (): boolean => {
  try {
    return window.localStorage.getItem(SESSION_KEY) !== null;
  } catch {
    return false;
  }
};

const buttonsNamed = (text: string): HTMLButtonElement[] =>
  [...document.querySelectorAll<HTMLButtonElement>('#root button')].filter(
    (b) => (b.textContent ?? '').trim() === text,
  );

// The app replaces the static markup (data-prerendered) with its own; the same button is then
// the nth one with the same text, as both are rendered by the same components.
const replayClick = (text: string, nth: number) => {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  const attempt = () => {
    const live = document.querySelector('#root [data-prerendered]') === null;
    const button = live ? buttonsNamed(text)[nth] : undefined;
    if (button) button.click();
    else if (Date.now() < deadline) window.requestAnimationFrame(attempt);
  };
  attempt();
};

const sampleVideoFailed = (): boolean =>
  [...document.querySelectorAll('#root video')].some((v) => (v as HTMLVideoElement).error !== null);

const whenIdle = (work: () => void) => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 2000 });
  else setTimeout(work, 500);
};

if (hasSession() || window.location.search !== '') {
  if (hasSession()) document.documentElement.classList.add('app-booting');
  void startApp();
} else {
  document.addEventListener(
    'click',
    (event) => {
      if (!document.querySelector('#root [data-prerendered]')) return;
      const button = (event.target as Element | null)?.closest('#root button');
      if (!(button instanceof HTMLButtonElement)) return;
      event.preventDefault();
      const text = (button.textContent ?? '').trim();
      const nth = buttonsNamed(text).indexOf(button);
      void startApp().then(() => replayClick(text, nth));
    },
    true,
  );
  // A sample video that cannot load yet (a new install makes them after its first start): the
  // app's player says it is being prepared and retries.
  document.addEventListener(
    'error',
    (event) => {
      if (event.target instanceof HTMLVideoElement) void startApp();
    },
    true,
  );
  document.addEventListener('DOMContentLoaded', () => {
    if (sampleVideoFailed()) void startApp();
    for (const video of document.querySelectorAll<HTMLVideoElement>('#root video')) {
      playWhileVisible(video);
    }
  });
  window.addEventListener('load', () => whenIdle(() => void startApp()), { once: true });
}
