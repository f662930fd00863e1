import type { AnalyticsActivity } from './analytics-overview';

/** A render as the queue lists it (modules/render `renderQueueItems`). */
type RenderItem = { prompt: string; state: string; created_at: string; updated_at: string };

const quoted = (prompt: string) => `“${prompt.length > 60 ? `${prompt.slice(0, 59)}…` : prompt}”`;

/** The user's renders since `since` as recent activity: started, finished or failed. */
export const renderActivity = (renders: RenderItem[], since: Date): AnalyticsActivity[] =>
  renders
    .filter((r) => Date.parse(r.updated_at) >= since.getTime())
    .map((r): AnalyticsActivity => {
      const what = `Hook + Demo video ${quoted(r.prompt || 'Untitled')}`;
      if (r.state === 'done')
        return { kind: 'render_done', at: r.updated_at, text: `${what} rendered` };
      if (r.state === 'failed') {
        return { kind: 'render_failed', at: r.updated_at, text: `${what} could not be rendered` };
      }
      return { kind: 'render_started', at: r.created_at, text: `${what} rendering` };
    });
