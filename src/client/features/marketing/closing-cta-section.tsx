import { CtaButton } from './cta-button';
import { usePrimaryCta } from './use-primary-cta';

export function ClosingCtaSection() {
  const cta = usePrimaryCta();
  return (
    <section aria-labelledby="closing-title" className="bg-white py-20 sm:py-24">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-brand-dark via-brand to-indigo-600 px-6 py-14 text-center shadow-xl sm:px-12">
          <h2 id="closing-title" className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-white sm:text-4xl">
            Make every email you send look professional
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-blue-50">
            Your signature is ready in minutes. Start your 7-day free trial; no long setup, no design skills needed.
          </p>
          <div className="mt-8 flex justify-center">
            <CtaButton cta={cta} tone="light" />
          </div>
        </div>
      </div>
    </section>
  );
}
