// The auth module's public surface: better-auth, its routes and the bearer check of our routes.
export type { Auth } from './auth';
export { createAuth } from './auth';
export { registerAuthRoutes } from './auth-routes';
export type { RequireUser } from './require-user';
export { createRequireUser } from './require-user';
export { databaseRateLimitStore } from './rate-limit-store';
export { createSessionCache } from './session-cache';
export { createAuthModule } from './auth-module';
export type { PasswordHashing } from './password-hashing';
