// The users module's public surface: profile routes and service, and the name helpers auth
// uses when an account is made.
export { splitFullName } from './names';
export { findUserEmail } from './user-email';
export { registerUsersRoutes } from './users-routes';
export type { UsersService } from './users-service';
export { createUsersService } from './users-service';
export { createUsersModule } from './users-module';
