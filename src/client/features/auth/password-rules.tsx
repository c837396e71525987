import { Check } from 'lucide-react';

const RULES: { label: string; test: (v: string) => boolean }[] = [
  { label: 'At least 8 characters', test: (v) => v.length >= 8 },
  { label: 'An uppercase letter', test: (v) => /\p{Lu}/u.test(v) },
  { label: 'A lowercase letter', test: (v) => /\p{Ll}/u.test(v) },
  { label: 'A number', test: (v) => /\p{N}/u.test(v) },
];

/** The new-password rules, ticked off as the person types (reset page, choose-a-password form). */
export function PasswordRules({ password }: { password: string }) {
  return (
    <ul className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs" aria-label="Password rules">
      {RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={`flex items-center gap-1.5 ${met ? 'text-green-700' : 'text-slate-500'}`}>
            <Check className={`h-3.5 w-3.5 ${met ? 'opacity-100' : 'opacity-30'}`} aria-hidden="true" />
            {rule.label}
            <span className="sr-only">{met ? '(done)' : '(not yet)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
