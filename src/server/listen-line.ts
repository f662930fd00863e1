/**
 * The line Fastify prints for each address it listens on. Browsers can sign up only from a
 * trusted origin (config.trustedOrigins), so an address that is not one says how to make it work
 * instead of looking like a second URL to open.
 */
export const listenLine = (address: string, trustedOrigins: readonly string[]) =>
  trustedOrigins.includes(address)
    ? `listening at ${address}`
    : `listening at ${address} (to sign in from there, set APP_URL=${address})`;
