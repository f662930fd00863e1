/**
 * better-auth's `emailAndPassword.password` seam: how a password is stored and checked. The
 * server leaves it unset, so every account gets better-auth's own scrypt (N=16384, r=16), about
 * 0.1 s of CPU per sign-up and per sign-in on purpose. Only the in-process test apps replace it,
 * with a cheaper scrypt (`testing/quick-password-hashing.ts`, decision 245).
 */
export type PasswordHashing = {
  hash: (password: string) => Promise<string>;
  verify: (input: { hash: string; password: string }) => Promise<boolean>;
};
