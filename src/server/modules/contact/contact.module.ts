import { routesOf, type Infrastructure, type ServerModule } from '../../module';
import type { RateLimiter } from '../../rate-limit/rate-limiter';
import { deriveKey } from '../../crypto/derived-keys';
import { createContactRepository } from './contact.repository';
import { contactRoutes } from './contact.routes';
import { createContactService } from './contact.service';

/** The public site's contact form (decision 0061). */
export function createContactModule(
  deps: Pick<Infrastructure, 'config' | 'database' | 'mailer' | 'log'> & {
    /** The public forms' limiter (app.ts), not the signed-in one. */
    limiter: RateLimiter;
  },
) {
  const { config, mailer } = deps;
  const contact = createContactService({
    repository: createContactRepository(deps.database.db),
    limiter: deps.limiter,
    // The outbox records the message durably and sends it in the background, retrying while the
    // mail server is down; the answer does not wait for SMTP (and its time tells nothing).
    sendMail: (message) => mailer.enqueue(message),
    secret: deriveKey(config.sessionSecret, 'contact-form'),
    supportEmail: config.supportEmail,
    log: deps.log,
  });
  return { services: { contact }, routes: routesOf(contactRoutes, { contact }) } satisfies ServerModule;
}
