/**
 * Leases for the crash tests (decision 210): the server shipped with shorter take-over times, so
 * work a killed process held is picked up seconds after the restart instead of a minute. Each is
 * still longer than the work the test does while holding it on a busy 2-core machine (a render's
 * lease is renewed every third of it; a campaign send, which is not renewed, renders 16 slides and
 * posts within it), so a live holder never loses its work to the take-over under test.
 */
export const SHORT_LEASES = {
  RENDER_LEASE_MS: '6000',
  SEND_LEASE_MS: '10000',
  UPLOAD_LEASE_MS: '6000',
  JOB_MAINTENANCE_SECONDS: '2',
} as const;
