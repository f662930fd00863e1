/**
 * The confirmation e-mail returns the user to the site root (docs/product/accounts.md rule 2) with
 * this marker, so the landing page can say the address is confirmed and open the sign-in.
 * better-auth adds
 * `error=<code>` beside it when the link is invalid or expired.
 */
export const EMAIL_CONFIRMED_PARAM = 'email_confirmed';
export const EMAIL_CONFIRMED_LANDING = `/?${EMAIL_CONFIRMED_PARAM}=true`;
