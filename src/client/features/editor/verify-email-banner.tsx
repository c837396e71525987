import { TriangleAlert } from 'lucide-react';
import { memo } from 'react';
import { useResendVerification } from '../../api/auth';

/** Shown while the signed-in person's email is unverified (spec section 6). */
export const VerifyEmailBanner = memo(function VerifyEmailBanner({ email }: { email: string }) {
  const { sending, resend } = useResendVerification(() => `Check ${email} for the link and code.`, 'Failed to resend');

  return (
    <div
      role="region"
      aria-label="Email verification"
      className="shrink-0 border-b border-yellow-300 bg-yellow-50 px-4 py-2.5 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="flex items-center gap-2 text-sm text-yellow-900">
          <TriangleAlert className="h-4 w-4 shrink-0 text-yellow-600" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Please verify your email address.</strong> Verification is needed to use
            all features.
          </span>
        </p>
        <button
          type="button"
          onClick={() => void resend()}
          disabled={sending}
          aria-busy={sending}
          className="inline-flex h-8 items-center rounded-md border border-yellow-300 bg-white px-3 text-sm font-medium text-yellow-900 hover:bg-yellow-100 disabled:cursor-not-allowed disabled:opacity-70"
        >
          {sending ? 'Sending...' : 'Resend verification email'}
        </button>
      </div>
    </div>
  );
});
