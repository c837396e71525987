import { Check } from 'lucide-react';
import { CtaButton } from './cta-button';
import { SignatureMockup } from './signature-mockup';
import { usePrimaryCta } from './use-primary-cta';

const PROMISES = ['7-day free trial', 'Free plan available', 'Works with Gmail and Google Workspace'];

export function HeroSection() {
  const cta = usePrimaryCta();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-blue-50 via-white to-white"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 md:pt-20 lg:grid-cols-[1.05fr_1fr] lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-sm font-medium text-brand-dark">
            Email signature builder for Gmail
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.4rem] lg:leading-[1.08]"
          >
            Build Professional Gmail Signatures in Minutes
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-8 text-slate-600">
            Fill in your details, add your logo and social profiles, and watch a live Gmail preview. One click copies a
            signature that looks right in every inbox.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center">
            <CtaButton cta={cta} />
            <a
              href="#pricing"
              className="inline-flex h-12 items-center justify-center rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 hover:bg-slate-50"
            >
              See pricing
            </a>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-emerald-600" aria-hidden="true" />
                {promise}
              </li>
            ))}
          </ul>
        </div>
        <SignatureMockup />
      </div>
    </section>
  );
}
