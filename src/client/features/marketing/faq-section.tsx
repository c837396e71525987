import { ChevronDown } from 'lucide-react';
import { LandingSection } from './landing-section';

const QUESTIONS: { question: string; answer: string }[] = [
  {
    question: 'Does it work with Google Workspace as well as personal Gmail?',
    answer:
      "Yes. SignaturePro builds signatures for Gmail in the browser, whether your address ends in @gmail.com or your company's own domain on Google Workspace.",
  },
  {
    question: 'How do I put the signature into Gmail?',
    answer:
      'Click Copy to Gmail. In Gmail, open Settings (the gear), choose See all settings, and on the General tab paste into the Signature box, then click Save Changes at the bottom of the page. It takes under a minute.',
  },
  {
    question: 'Will my logo and photo show for everyone I email?',
    answer:
      'Yes. Gmail drops images embedded in a signature, so we host yours over HTTPS, sized for email. Recipients see your images rather than attachments or broken boxes.',
  },
  {
    question: 'Can I try it before I pay?',
    answer:
      'Every paid plan starts with a 7-day free trial, and all plans include a 30-day money-back guarantee. The Free plan is free forever, with a small SignaturePro line under your signature.',
  },
  {
    question: 'Can I cancel or change my plan later?',
    answer:
      'Any time, from Plan & Billing in your account. Your signature keeps working in Gmail; on the Free plan it simply carries the watermark line again.',
  },
];

/**
 * The five questions as native disclosure widgets: they open with Enter or Space, announce their
 * state to screen readers, and work in the prerendered HTML before any JavaScript has run.
 */
export function FaqSection() {
  return (
    <LandingSection
      id="faq"
      className="bg-slate-50 py-20 sm:py-24"
      eyebrow="Resources"
      title="Frequently asked questions"
      narrow
    >
      <div className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {QUESTIONS.map(({ question, answer }) => (
          <details key={question} className="group px-6 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left text-base font-semibold text-slate-900">
              <h3>{question}</h3>
              <ChevronDown
                className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="pb-5 leading-7 text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
      <p className="mt-8 text-center text-slate-600">
        Another question?{' '}
        <a href="/contact" className="font-semibold text-brand-dark underline-offset-4 hover:underline">
          Write to us
        </a>{' '}
        and we reply within 1 business day.
      </p>
    </LandingSection>
  );
}
