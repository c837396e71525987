const STEPS = ['Account', 'Verify', 'Plan'] as const;
export type SignupStep = (typeof STEPS)[number];

/**
 * Where a new person is in signing up: Account (the dialog), Verify (the code page), Plan (the
 * plans page, until one is chosen). Steps before the current one read as done.
 */
export function SignupSteps({ current, className = '' }: { current: SignupStep; className?: string }) {
  const at = STEPS.indexOf(current);
  return (
    <ol aria-label="Sign-up steps" className={`flex justify-center gap-2 text-sm ${className}`}>
      {STEPS.map((step, i) => (
        <li
          key={step}
          aria-current={i === at ? 'step' : undefined}
          className={i === at ? 'font-semibold text-brand' : i < at ? 'text-slate-700' : 'text-slate-400'}
        >
          {i > 0 && <span aria-hidden="true">· </span>}
          {i < at && <span aria-hidden="true">✓ </span>}
          {i + 1}. {step}
          {i < at && <span className="sr-only"> (done)</span>}
        </li>
      ))}
    </ol>
  );
}
