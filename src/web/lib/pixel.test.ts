import { afterEach, describe, expect, it } from 'vitest';
import { trackLead } from './pixel';

afterEach(() => {
  delete window.ttq;
  delete window.fbq;
  document.head.querySelectorAll('script').forEach((s) => s.remove());
});

describe('trackLead', () => {
  it('does nothing without a configured pixel', () => {
    trackLead(null);
    expect(window.ttq).toBeUndefined();
    expect(window.fbq).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('queues a TikTok Lead event and loads the pixel script for the configured id', () => {
    trackLead({ provider: 'tiktok', id: 'C123' });
    expect(Array.from(window.ttq!)).toContainEqual(['track', 'Lead']);
    expect(document.head.querySelector('script')?.getAttribute('src')).toBe(
      'https://analytics.tiktok.com/i18n/pixel/events.js?sdkid=C123&lib=ttq',
    );
  });

  it('queues a Meta Lead event after init', () => {
    trackLead({ provider: 'meta', id: '987' });
    expect(window.fbq!.queue).toEqual([
      ['init', '987'],
      ['track', 'PageView'],
      ['track', 'Lead'],
    ]);
  });
});
