import { RadioGroup } from 'radix-ui';
import { useId, type ReactNode } from 'react';

export type Choice<T extends string> = { value: T; label: string; description?: string; preview?: ReactNode };

/**
 * A labelled set of options with radio semantics (arrow keys move between them). Each option
 * shows its label; the visual preview is decoration.
 */
export function ChoiceGroup<T extends string>({
  label,
  hint,
  value,
  choices,
  onChange,
  columns = 2,
}: {
  label: string;
  hint?: string;
  value: T;
  choices: readonly Choice<T>[];
  onChange: (next: T) => void;
  columns?: 2 | 3 | 4;
}) {
  const labelId = useId();
  const grid = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-4' }[columns];
  return (
    <div className="grid gap-2">
      <div className="grid gap-0.5">
        <span id={labelId} className="text-sm font-medium text-slate-700">
          {label}
        </span>
        {hint && <span className="text-xs text-slate-500">{hint}</span>}
      </div>
      <RadioGroup.Root
        aria-labelledby={labelId}
        value={value}
        onValueChange={(next) => onChange(next as T)}
        className={`grid gap-2 ${grid}`}
      >
        {choices.map((choice) => (
          <RadioGroup.Item
            key={choice.value}
            value={choice.value}
            aria-label={choice.label}
            aria-describedby={choice.description ? `${labelId}-${choice.value}` : undefined}
            className="group flex flex-col items-start gap-1 rounded-lg border border-slate-200 bg-white p-3 text-left text-sm transition-colors hover:border-slate-300 data-[state=checked]:border-brand data-[state=checked]:bg-brand/5 data-[state=checked]:ring-1 data-[state=checked]:ring-brand"
          >
            {choice.preview}
            <span className="font-medium text-slate-800 group-data-[state=checked]:text-brand">{choice.label}</span>
            {choice.description && (
              <span id={`${labelId}-${choice.value}`} className="text-xs text-slate-500">
                {choice.description}
              </span>
            )}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
    </div>
  );
}
