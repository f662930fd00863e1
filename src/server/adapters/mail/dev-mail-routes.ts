import type { FastifyPluginAsync } from 'fastify';
import type { DevAccess } from '../dev-access';
import type { OutboxMessage } from './mailer';
import { readOutbox } from './outbox-mailer';

export type DevMailRoutesOptions = { dir: string; access: DevAccess };

const escapeHtml = (value: string): string =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const renderMessage = (m: OutboxMessage): string => {
  const links = m.links.length
    ? `<ul>${m.links
        .map((l) => `<li><a href="${escapeHtml(l)}" rel="noreferrer">${escapeHtml(l)}</a></li>`)
        .join('')}</ul>`
    : '<p>No links.</p>';
  return `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p>To: ${escapeHtml(m.to)} &middot; <time datetime="${escapeHtml(m.createdAt)}">${escapeHtml(m.createdAt)}</time></p>
${links}
<pre>${escapeHtml(m.text)}</pre>
</article>
<hr>`;
};

// Plain semantic HTML only: the app's CSP allows no inline script or style, and the page must
// not need either.
const renderPage = (messages: OutboxMessage[]): string => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Hookreel outbox</title>
</head>
<body>
<main>
<h1>Hookreel outbox</h1>
<p>E-mail the app would have sent, newest first. Reload the page to see new messages. Also as <a href="mail.json">JSON</a>.</p>
${messages.length ? messages.map(renderMessage).join('\n') : '<p>No messages yet.</p>'}
</main>
</body>
</html>
`;

/**
 * Read-only view of the local outbox; registered only when mail goes to the outbox. It holds
 * every user's password-reset link, so it answers only the machine itself or an operator, and
 * never in production (where it does not exist at all).
 */
export const devMailRoutes: FastifyPluginAsync<DevMailRoutesOptions> = async (
  app,
  { dir, access },
) => {
  app.addHook('onRequest', async (request, reply) => {
    const verdict = await access(request);
    if (verdict === 'hidden') {
      return reply.code(404).send({ error: 'Not found', code: 'not_found' });
    }
    if (verdict === 'refused') {
      return reply.code(403).header('Cache-Control', 'no-store').send({
        error:
          'The outbox is a development aid: open it on the server itself, or sign in as an operator (OPERATOR_EMAILS).',
        code: 'forbidden',
      });
    }
  });

  app.get('/dev/mail.json', async (_request, reply) => {
    const messages = await readOutbox(dir);
    reply.header('Cache-Control', 'no-store');
    return messages.map(({ to, subject, text, html, links, createdAt }) => ({
      to,
      subject,
      text,
      html,
      links,
      createdAt,
    }));
  });

  app.get('/dev/mail', async (_request, reply) => {
    const messages = await readOutbox(dir);
    return reply
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage(messages));
  });
};
