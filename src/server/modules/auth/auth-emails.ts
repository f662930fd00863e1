import type { MailMessage } from '../../adapters/mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const layout = (
  heading: string,
  body: string,
  cta: { label: string; url: string },
) => `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#18181b;max-width:520px;margin:24px auto">
<h1 style="font-size:20px">${escapeHtml(heading)}</h1>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(cta.url)}" style="display:inline-block;background:#e11d74;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(cta.label)}</a></p>
<p style="color:#71717a;font-size:13px">If the button does not work, paste this link into your browser:<br>${escapeHtml(cta.url)}</p>
<p style="color:#71717a;font-size:13px">Hookreel</p>
</body></html>`;

export const confirmationEmail = (to: string, name: string, url: string): MailMessage => ({
  to,
  subject: 'Confirm your Hookreel account',
  text: `Hi ${name},\n\nWelcome to Hookreel. Confirm your e-mail address to finish creating your account:\n\n${url}\n\nAfter confirming, use the Sign In tab to access your account.\n\nIf you did not sign up, ignore this e-mail.\n\nHookreel`,
  html: layout(
    'Confirm your e-mail',
    `Hi ${name}, welcome to Hookreel. Confirm your e-mail address to finish creating your account. After confirming, use the Sign In tab to access your account.`,
    { label: 'Confirm e-mail', url },
  ),
});

export const passwordResetEmail = (to: string, url: string): MailMessage => ({
  to,
  subject: 'Reset your Hookreel password',
  text: `Someone asked to reset the password of your Hookreel account.\n\nChoose a new password here (the link works for one hour):\n\n${url}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n\nHookreel`,
  html: layout(
    'Reset your password',
    'Someone asked to reset the password of your Hookreel account. The link works for one hour. If it was not you, ignore this e-mail; your password stays as it is.',
    { label: 'Choose a new password', url },
  ),
});

export const existingAccountEmail = (to: string, url: string): MailMessage => ({
  to,
  subject: 'You already have a Hookreel account',
  text: `Someone tried to create a Hookreel account with this e-mail address, which already has one.\n\nSign in at ${url}. If you forgot your password, choose "Forgot password?" in the sign-in dialog. If it was not you, ignore this e-mail.\n\nHookreel`,
  html: layout(
    'You already have an account',
    'Someone tried to create a Hookreel account with this e-mail address, which already has one. If it was you, sign in instead.',
    { label: 'Sign in', url },
  ),
});
