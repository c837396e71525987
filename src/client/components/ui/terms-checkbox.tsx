import type { UseFormRegisterReturn } from 'react-hook-form';

/** The signup forms' required consent, linking the terms and privacy pages in a new tab. */
export function TermsCheckbox({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <div className="grid gap-1">
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-0.5 h-4 w-4" aria-invalid={!!error} {...registration} />
        <span>
          I accept the{' '}
          <a href="/terms" target="_blank" rel="noopener" className="text-brand underline">
            terms
          </a>{' '}
          and{' '}
          <a href="/privacy" target="_blank" rel="noopener" className="text-brand underline">
            privacy policy
          </a>
        </span>
      </label>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
