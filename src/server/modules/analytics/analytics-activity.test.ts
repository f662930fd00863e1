import { describe, expect, it } from 'vitest';
import { renderActivity } from './analytics-activity';

describe('renderActivity', () => {
  it('turns the range’s renders into activity, by their state', () => {
    const since = new Date('2026-11-20T00:00:00Z');
    const events = renderActivity(
      [
        {
          prompt: 'Glow serum demo',
          state: 'done',
          created_at: '2026-11-21T10:00:00Z',
          updated_at: '2026-11-21T10:02:00Z',
        },
        {
          prompt: 'Second try',
          state: 'failed',
          created_at: '2026-11-22T10:00:00Z',
          updated_at: '2026-11-22T10:01:00Z',
        },
        {
          prompt: 'Now',
          state: 'rendering',
          created_at: '2026-11-23T10:00:00Z',
          updated_at: '2026-11-23T10:00:30Z',
        },
        {
          prompt: 'Old',
          state: 'done',
          created_at: '2026-11-01T10:00:00Z',
          updated_at: '2026-11-01T10:02:00Z',
        },
      ],
      since,
    );
    expect(events).toEqual([
      {
        kind: 'render_done',
        at: '2026-11-21T10:02:00Z',
        text: 'Hook + Demo video “Glow serum demo” rendered',
      },
      {
        kind: 'render_failed',
        at: '2026-11-22T10:01:00Z',
        text: 'Hook + Demo video “Second try” could not be rendered',
      },
      {
        kind: 'render_started',
        at: '2026-11-23T10:00:00Z',
        text: 'Hook + Demo video “Now” rendering',
      },
    ]);
  });
});
