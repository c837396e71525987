import { findSitePage } from '../../../shared/site-pages';
import { useDocumentTitle } from '../../components/site-header/use-document-title';
import { LegalPageLayout } from './legal-page-layout';

export function PrivacyPage() {
  useDocumentTitle(findSitePage('privacy').title);
  return (
    <LegalPageLayout
      title="Privacy Policy"
      intro="SignaturePro keeps only what it needs to build, store and bill for your Gmail signature. We do not sell your data, show ads, or use third-party trackers."
    >
      <section>
        <h2>What we store</h2>
        <ul>
          <li>
            Your account: email address, name, time zone, and a one-way hash of your password (never the password
            itself).
          </li>
          <li>Your organization: its name and domain, its members, their roles and invitations.</li>
          <li>Your signatures: the details you type (name, title, phone, address, links) and the images you upload.</li>
          <li>
            Billing: your plan and subscription status. Card details go straight to our payment provider, Stripe; we
            never see or store them.
          </li>
          <li>
            Messages you send through the contact form (name, email, subject, message) and, if you give it, your
            newsletter address.
          </li>
          <li>
            A few first-party product events (for example, that a signature was created or exported), kept in our own
            database.
          </li>
          <li>A session cookie that keeps you signed in. We set no advertising or analytics cookies.</li>
        </ul>
      </section>
      <section>
        <h2>Why we store it</h2>
        <p>
          To run the service you asked for: to sign you in, save your signature, show your images to the people you
          email, bill your plan, answer your messages and, if you subscribed, send product news about once a month.
        </p>
      </section>
      <section>
        <h2>Who can see it</h2>
        <p>
          Our small team, when needed to support you. Images you place in a signature are served from public addresses,
          because every recipient's mail program must be able to load them. We share data only with the providers that
          run the service for us (hosting, email delivery, and Stripe for payments), and only what each one needs.
        </p>
      </section>
      <section>
        <h2>How long we keep it</h2>
        <p>
          Account, organization and signature data stay until you delete them. Contact messages are kept for up to two
          years so that we can follow up on earlier conversations. Newsletter addresses stay until you unsubscribe.
        </p>
      </section>
      <section>
        <h2>Getting a copy or deleting your data</h2>
        <ul>
          <li>
            Delete your account in My Account, Danger Zone: your account, signatures and uploaded images are removed.
          </li>
          <li>
            To get a copy of your data, to leave the newsletter, or to have a contact message removed, write to us.
          </li>
        </ul>
      </section>
      <section>
        <h2>Contact</h2>
        <p>
          Questions about privacy? Use our <a href="/contact">contact form</a> and we reply within 1 business day. See
          also our <a href="/terms">Terms of Service</a>.
        </p>
      </section>
    </LegalPageLayout>
  );
}
