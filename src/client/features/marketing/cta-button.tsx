import { ArrowRight } from 'lucide-react';
import { preloadAuthDialog } from '../../components/auth-dialog/lazy-auth-dialog';
import type { PrimaryCta } from './use-primary-cta';

const tones = {
  brand: 'bg-brand text-white shadow-lg shadow-brand/25 hover:bg-brand-dark',
  light: 'bg-white text-brand-dark shadow-lg hover:bg-blue-50',
};

/** The primary call to action as a link (signed in) or a button that opens sign-up (signed out). */
export function CtaButton({ cta, tone = 'brand' }: { cta: PrimaryCta; tone?: keyof typeof tones }) {
  const className = `inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold transition-colors ${tones[tone]}`;
  const content = (
    <>
      {cta.label}
      <ArrowRight className="h-5 w-5" aria-hidden="true" />
    </>
  );
  if ('href' in cta) {
    return (
      <a href={cta.href} className={className}>
        {content}
      </a>
    );
  }
  return (
    <button
      type="button"
      onClick={cta.onClick}
      onPointerEnter={preloadAuthDialog}
      onFocus={preloadAuthDialog}
      className={className}
    >
      {content}
    </button>
  );
}
