import { Clock, LifeBuoy, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { findSitePage } from '../../../shared/site-pages';
import { SiteFooter } from '../../components/site-footer/site-footer';
import { SiteHeader } from '../../components/site-header/site-header';
import { useDocumentTitle } from '../../components/site-header/use-document-title';
import { fetchContactToken, type IssuedToken } from './contact-api';
import { ContactForm } from './contact-form';
import { ThankYouPanel } from './thank-you-panel';

/** Starts the token fetch at once; a failure is handled when the person submits (contact-api). */
function startTokenFetch(): Promise<IssuedToken> {
  const promise = fetchContactToken();
  promise.catch(() => undefined);
  return promise;
}

export function ContactPage() {
  useDocumentTitle(findSitePage('contact').title);
  // The token is asked for once the page is interactive; the server times the 2-second lock from it.
  const [token, setToken] = useState<Promise<IssuedToken> | null>(null);
  const [supportEmail, setSupportEmail] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  useEffect(() => {
    const promise = startTokenFetch();
    setToken(promise);
    promise.then(
      (t) => setSupportEmail(t.supportEmail),
      () => undefined,
    );
  }, []);

  const sendAnother = () => {
    setSent(false);
    const promise = startTokenFetch();
    setToken(promise);
  };

  return (
    <div className="flex min-h-full flex-col bg-slate-50">
      <SiteHeader current="contact" />
      <main id="main" className="flex-1">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:py-20 lg:grid-cols-[1fr_1.4fr]">
          <div>
            <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">Contact us</h1>
            <p className="mt-4 text-lg leading-8 text-slate-600">
              Questions about your signature, billing or your team's seats? Send us a message and a real person will
              answer.
            </p>
            <ul className="mt-8 grid gap-5">
              <li className="flex gap-4">
                <Clock className="mt-0.5 h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
                <div>
                  <h2 className="font-semibold text-slate-900">Reply within 1 business day</h2>
                  <p className="text-slate-600">Monday to Friday; usually much sooner.</p>
                </div>
              </li>
              <li className="flex gap-4">
                <Mail className="mt-0.5 h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
                <div>
                  <h2 className="font-semibold text-slate-900">Prefer email?</h2>
                  <p className="min-h-6 text-slate-600">
                    {supportEmail ? (
                      <a
                        href={`mailto:${supportEmail}`}
                        className="font-medium text-brand-dark underline underline-offset-2"
                      >
                        {supportEmail}
                      </a>
                    ) : (
                      'Our address appears here in a moment.'
                    )}
                  </p>
                </div>
              </li>
              <li className="flex gap-4">
                <LifeBuoy className="mt-0.5 h-6 w-6 shrink-0 text-brand" aria-hidden="true" />
                <div>
                  <h2 className="font-semibold text-slate-900">Signature won't paste into Gmail?</h2>
                  <p className="text-slate-600">
                    Our{' '}
                    <a href="/debug-clipboard" className="font-medium text-brand-dark underline underline-offset-2">
                      clipboard check
                    </a>{' '}
                    shows what your browser copies; mention its result in your message.
                  </p>
                </div>
              </li>
            </ul>
          </div>
          <section
            aria-label={sent ? 'Message sent' : 'Contact form'}
            className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          >
            {sent ? (
              <ThankYouPanel supportEmail={supportEmail} onAnother={sendAnother} />
            ) : (
              <ContactForm token={token ?? NEVER_LOADED} onSent={() => setSent(true)} />
            )}
          </section>
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}

// Before the effect has run (the prerendered HTML) there is no token; a submit then fetches one.
const NEVER_LOADED: Promise<IssuedToken> = Promise.reject(new Error('no token yet'));
NEVER_LOADED.catch(() => undefined);
