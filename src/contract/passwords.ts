/**
 * docs/product/accounts.md rules 1, 3: at least 6 characters on sign-up, 8 on reset. Plain
 * constants, no zod.
 */
export const SIGN_UP_MIN_PASSWORD = 6;
export const RESET_MIN_PASSWORD = 8;
