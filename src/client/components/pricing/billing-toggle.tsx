import { ANNUAL_SAVINGS_LABEL, type BillingPeriod } from '../../../shared/billing/plans';

const OPTIONS: Array<{ value: BillingPeriod; label: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual' },
];

/** Monthly / Annual switch with the 'Save 20%' badge; a radio group for screen readers and arrow keys. */
export function BillingToggle({
  value,
  onChange,
  size = 'md',
}: {
  value: BillingPeriod;
  onChange: (next: BillingPeriod) => void;
  size?: 'sm' | 'md';
}) {
  const pad = size === 'sm' ? 'px-3 py-1 text-xs' : 'px-5 py-2 text-sm';
  return (
    <div
      role="radiogroup"
      aria-label="Billing period"
      className="inline-flex items-center gap-1 rounded-full border border-slate-200 bg-white p-1 shadow-sm"
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft' || e.key === 'ArrowUp' || e.key === 'ArrowDown') {
          e.preventDefault();
          onChange(value === 'monthly' ? 'annual' : 'monthly');
        }
      }}
    >
      {OPTIONS.map((option) => {
        const checked = option.value === value;
        return (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(option.value)}
            className={`inline-flex items-center gap-2 rounded-full font-medium transition-colors ${pad} ${
              checked ? 'bg-brand text-white shadow' : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {option.label}
            {option.value === 'annual' && (
              <span
                className={`rounded-full px-2 py-0.5 text-[11px] font-semibold ${
                  checked ? 'bg-white/20 text-white' : 'bg-emerald-100 text-emerald-700'
                }`}
              >
                {ANNUAL_SAVINGS_LABEL}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
