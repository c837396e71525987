import { Plus, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LIMITS, MAX_CUSTOM_FIELDS, type CustomField } from '../../../shared/signature/signature-schema';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toastRemoval } from '../../lib/removal-toast';

/** Extra labelled lines such as 'Pronouns: she/her' or 'Calendar: cal.com/jane'; at most five. */
export function CustomFieldsEditor({
  customFields,
  refused,
  onChange,
}: {
  customFields: CustomField[];
  /** Why the autosave holds the list back, when it does (decision 0180). */
  refused?: string;
  onChange: (next: CustomField[]) => void;
}) {
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const full = customFields.length >= MAX_CUSTOM_FIELDS;

  // A new row takes the focus so the person can type its label straight away.
  useEffect(() => {
    if (focusRow === null) return;
    listRef.current?.querySelector<HTMLInputElement>(`#custom-field-${focusRow}-label`)?.focus();
    setFocusRow(null);
  }, [focusRow]);

  // Undo comes up to 10 s later: the field goes back where it was into the list as it is then.
  const latest = useRef(customFields);
  latest.current = customFields;
  const remove = (index: number) => {
    const removed = customFields[index]!;
    onChange(customFields.filter((_, i) => i !== index));
    toastRemoval(`Custom field ${removed.label ? `“${removed.label}” ` : ''}removed`, () => {
      const now = latest.current;
      if (now.length >= MAX_CUSTOM_FIELDS) return;
      onChange([...now.slice(0, index), removed, ...now.slice(index)]);
    });
  };

  const edit = (index: number, change: Partial<CustomField>) =>
    onChange(customFields.map((field, i) => (i === index ? { ...field, ...change } : field)));

  return (
    <div className="grid gap-3">
      {customFields.length > 0 && (
        <ul ref={listRef} className="grid gap-2" aria-label="Custom fields">
          {customFields.map((field, index) => {
            const n = index + 1;
            return (
              // Two shares of the row for the label, three for the value, the × in its own column:
              // min-w-0 lets both boxes shrink inside the pane instead of pushing the × out of it.
              <li key={index} className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)_2.5rem] items-center gap-2">
                <Input
                  id={`custom-field-${index}-label`}
                  aria-label={`Custom field ${n} label`}
                  placeholder="Label"
                  value={field.label}
                  maxLength={LIMITS.customFieldLabel}
                  className="min-w-0"
                  onChange={(event) => edit(index, { label: event.target.value })}
                />
                <Input
                  id={`custom-field-${index}-value`}
                  className="min-w-0"
                  aria-label={`Custom field ${n} value`}
                  placeholder="Value"
                  value={field.value}
                  maxLength={LIMITS.customFieldValue}
                  onChange={(event) => edit(index, { value: event.target.value })}
                />
                <button
                  type="button"
                  aria-label={`Remove custom field ${n}`}
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-slate-500 hover:bg-slate-100 hover:text-red-600"
                  onClick={() => remove(index)}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <Button
        variant="secondary"
        disabled={full}
        aria-describedby={full ? 'custom-field-limit' : undefined}
        onClick={() => {
          onChange([...customFields, { label: '', value: '' }]);
          setFocusRow(customFields.length);
        }}
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add Custom Field
      </Button>
      {refused && (
        <p id="custom-fields-refused" role="alert" className="text-xs text-red-600">
          Not saved: {refused}
        </p>
      )}
      {full && (
        <p id="custom-field-limit" className="text-xs text-slate-500">
          You can add up to {MAX_CUSTOM_FIELDS} custom fields. Remove one to add another.
        </p>
      )}
    </div>
  );
}
