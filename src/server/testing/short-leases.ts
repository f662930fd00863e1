/**
 * Leases for the crash tests (decision 210): the server shipped with shorter take-over times, so
 * work a killed process held is picked up seconds after the restart instead of a minute. Each is
 * still longer than the work the test does while holding it on a busy 2-core machine (a render's
 * lease is renewed every third of it; a campaign send, which is not renewed, rendered 16 slides and
 * posted in under 4 s at a load of 7), so a live holder does not lose its work to the take-over
 * under test; if one ever did, the send's retry finds the item posted and the claim keeps it once.
 */
export const SHORT_LEASES = {
  RENDER_LEASE_MS: '6000',
  SEND_LEASE_MS: '6000',
  UPLOAD_LEASE_MS: '6000',
  JOB_MAINTENANCE_SECONDS: '2',
} as const;
