import { findSitePage } from '../../../shared/site-pages';
import { useDocumentTitle } from '../../components/site-header/use-document-title';
import { LegalPageLayout } from './legal-page-layout';

export function TermsPage() {
  useDocumentTitle(findSitePage('terms').title);
  return (
    <LegalPageLayout
      title="Terms of Service"
      intro="These terms apply when you use SignaturePro to build email signatures for Gmail. By creating an account you agree to them; they are written to be read."
    >
      <section>
        <h2>Your account</h2>
        <p>
          You need a valid email address to create an account, and you are responsible for what happens under it. Keep
          your password to yourself and tell us if you think someone else has used your account.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>
          The details, logos and photos you add remain yours. You allow us to store them and to serve your images at
          public addresses, because that is how recipients of your email see them. Only upload content you have the
          right to use.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <ul>
          <li>No unlawful, misleading or infringing content in signatures or uploads.</li>
          <li>No attempts to break, overload or get around the limits of the service.</li>
          <li>No use of the service to send spam or to impersonate other people or companies.</li>
        </ul>
      </section>
      <section>
        <h2>Plans, trials and payments</h2>
        <p>
          The Free plan costs nothing and adds a small SignaturePro line under your signature. Paid plans (Standard and
          Pro) are billed monthly or annually after a 7-day free trial and renew until you cancel. You can cancel any
          time from Plan &amp; Billing; the plan then runs to the end of the period already paid. Every plan includes a
          30-day money-back guarantee: ask through the contact form within 30 days of a payment for a full refund.
        </p>
      </section>
      <section>
        <h2>Availability and liability</h2>
        <p>
          We work to keep SignaturePro available and your signature working, but we cannot promise the service will
          never be interrupted, and Gmail may change how it handles signatures. To the extent the law allows, our
          liability is limited to the amount you paid us in the twelve months before a claim.
        </p>
      </section>
      <section>
        <h2>Ending the service</h2>
        <p>
          You can delete your account at any time in My Account, Danger Zone. We may suspend accounts that break these
          terms, and will tell you why unless the law prevents it.
        </p>
      </section>
      <section>
        <h2>Changes and contact</h2>
        <p>
          If we change these terms in a way that matters, we will email account holders before the change takes effect.
          Questions? Use our <a href="/contact">contact form</a>. How we handle your data is described in our{' '}
          <a href="/privacy">Privacy Policy</a>.
        </p>
      </section>
    </LegalPageLayout>
  );
}
