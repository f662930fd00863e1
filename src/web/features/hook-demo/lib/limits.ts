/**
 * Hook + Demo (docs/product/hook-demo.md), the editor's own figures (the shared ones live in the
 * contract). Render: poll every 5 s, stop watching after 10 minutes.
 */
export const RENDER_POLL_MS = 5000;
export const RENDER_TIMEOUT_MS = 600_000;
