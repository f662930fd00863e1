import type { TRenderEnvironment } from '#contract/render';

/**
 * docs/product/hook-demo.md rule 7: the bar and the words for each status the
 * service reports.
 */
export type RenderPhase = { progress: number; text: string; finished: boolean };

/**
 * "Rendering with {rendering service}...": Shotstack when it renders, else our own renderer,
 * named as the queue panel names it.
 */
export const renderStart = (env: TRenderEnvironment | null): RenderPhase => ({
  progress: 10,
  text: `Rendering with ${env === 'local' ? 'the built-in renderer' : 'Shotstack'}...`,
  finished: false,
});

export const renderPhase = (
  status: string,
  url: string | null | undefined,
  env: TRenderEnvironment | null = null,
): RenderPhase => {
  switch (status) {
    case 'rendering':
      return { progress: 70, text: 'Rendering...', finished: false };
    case 'saving':
      return { progress: 90, text: 'Saving...', finished: false };
    case 'done':
      return url
        ? { progress: 100, text: 'Render complete', finished: true }
        : { progress: 90, text: 'Render complete, awaiting URL', finished: false };
    case 'failed':
      return { progress: 0, text: 'Video rendering failed', finished: true };
    default:
      // queued, fetching and anything new are still on their way.
      return renderStart(env);
  }
};
