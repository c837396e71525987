import { Lock } from 'lucide-react';
import { memo, useCallback, useMemo, useState } from 'react';
import type { OrganizationLocks } from '../../../shared/signature/organization-locks';
import { requiredFieldsOf, type FieldRequirements } from '../../../shared/signature/export-checks';
import { LIMITS, type SignatureFields, type SignaturePatch } from '../../../shared/signature/signature-schema';
import { typedLength } from '../../../shared/validation/typed-length';
import { Field, Input, Textarea } from '../../components/ui/field';
import { CustomFieldsEditor as CustomFieldsEditorRows } from './custom-fields-editor';
import { detailProblem, typingProblem, type DetailKey } from './field-checks';
import type { Refusals } from './refused-fields';
import { TabIntro } from './tab-intro';

type TextKey = 'name' | 'title' | 'company' | 'phone' | 'mobile' | 'email' | 'website';

type TextFieldSpec = {
  key: TextKey;
  label: string;
  type?: 'text' | 'email' | 'url' | 'tel';
  required?: boolean;
  placeholder: string;
  autoComplete: string;
};

const TEXT_FIELDS: readonly TextFieldSpec[] = [
  { key: 'name', label: 'Full Name', required: true, placeholder: 'Jane Smith', autoComplete: 'name' },
  { key: 'title', label: 'Job Title', placeholder: 'Marketing Director', autoComplete: 'organization-title' },
  { key: 'company', label: 'Company', placeholder: 'Acme Inc.', autoComplete: 'organization' },
  { key: 'phone', label: 'Phone', type: 'tel', placeholder: '+1 555 123 4567', autoComplete: 'tel' },
  { key: 'mobile', label: 'Mobile', type: 'tel', placeholder: '+1 555 987 6543', autoComplete: 'tel' },
  {
    key: 'email',
    label: 'Email Address',
    type: 'email',
    required: true,
    placeholder: 'jane@acme.com',
    autoComplete: 'email',
  },
  { key: 'website', label: 'Website URL', type: 'url', placeholder: 'https://acme.com', autoComplete: 'url' },
];

type OnChange = (patch: SignaturePatch) => void;

/** 'n/limit' once a value nears its limit, red past it: nothing is ever cut without a word. */
function Counter({ id, length, limit }: { id: string; length: number; limit: number }) {
  if (length < limit * 0.8) return null;
  return (
    <span
      id={`${id}-count`}
      className={`justify-self-end text-xs ${length > limit ? 'font-medium text-red-600' : 'text-slate-500'}`}
    >
      {length}/{limit}
    </span>
  );
}

/**
 * A field's problem is shown once the person has left it (never while they first type), then
 * follows their typing; one that typing more cannot mend (too long, a letter in a phone number) and
 * a refused save show at once (decisions 0163, 0180).
 */
function useFieldProblem(key: DetailKey, value: string, required: boolean, refused: string | undefined) {
  const [left, setLeft] = useState(false);
  const problem = left ? detailProblem(key, value, required) : typingProblem(key, value);
  // A held value is the one shown (the next edit releases it), so its refusal comes first.
  const error = refused ? `Not saved: ${refused}` : (problem ?? undefined);
  return { error, onBlur: () => setLeft(true) };
}

/**
 * A field the organization sets (decision 0164): its value, read-only, with a lock and the words
 * saying who sets it; every save keeps the organization's value whatever is sent.
 */
function LockedField(props: { id: string; label: string; value: string; multiline?: boolean }) {
  const hint = (
    <span className="inline-flex items-center gap-1" data-testid={`${props.id}-locked`}>
      <Lock className="h-3 w-3" aria-hidden="true" />
      Set by your organization
    </span>
  );
  const common = {
    id: props.id,
    value: props.value,
    readOnly: true,
    'aria-describedby': `${props.id}-hint`,
    className: 'cursor-not-allowed bg-slate-50 text-slate-600',
  };
  return (
    <Field id={props.id} label={props.label} hint={hint}>
      {props.multiline ? (
        <Textarea {...common} rows={3} className={`${common.className} resize-none`} />
      ) : (
        <Input {...common} />
      )}
    </Field>
  );
}

/**
 * One text field. Memoised with the value as a prop, so a keystroke re-renders only the field
 * being typed in, not the whole tab.
 */
const TextField = memo(function TextField({
  spec,
  value,
  required,
  refused,
  locked,
  onChange,
}: {
  spec: TextFieldSpec;
  value: string;
  required: boolean;
  refused: string | undefined;
  locked: boolean;
  onChange: OnChange;
}) {
  const id = `sig-${spec.key}`;
  const { error, onBlur } = useFieldProblem(spec.key, value, required, refused);
  if (locked) return <LockedField id={id} label={spec.label} value={value} />;
  return (
    <Field id={id} label={spec.label} required={required} error={error}>
      <Input
        id={id}
        type={spec.type ?? 'text'}
        value={value}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onBlur={onBlur}
        onChange={(event) => onChange({ [spec.key]: event.target.value })}
      />
      <Counter id={id} length={typedLength(value)} limit={LIMITS[spec.key]} />
    </Field>
  );
});

const AddressField = memo(function AddressField({
  value,
  required,
  refused,
  locked,
  onChange,
}: {
  value: string;
  required: boolean;
  refused: string | undefined;
  locked: boolean;
  onChange: OnChange;
}) {
  const { error, onBlur } = useFieldProblem('address', value, required, refused);
  if (locked) return <LockedField id="sig-address" label="Address" value={value} multiline />;
  return (
    <Field id="sig-address" label="Address" required={required} error={error}>
      <Textarea
        id="sig-address"
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'sig-address-error' : undefined}
        rows={3}
        value={value}
        placeholder={'123 Main Street\nSan Francisco, CA 94105'}
        autoComplete="street-address"
        className="resize-none"
        onBlur={onBlur}
        onChange={(event) => onChange({ address: event.target.value })}
      />
      <Counter id="sig-address" length={typedLength(value)} limit={LIMITS.address} />
    </Field>
  );
});

const CustomFieldsEditor = memo(CustomFieldsEditorRows);

export function DetailsTab({
  fields,
  requirements,
  locks,
  refusals,
  onChange,
}: {
  fields: SignatureFields;
  /** The organization's required fields get the same asterisk as name and email. */
  requirements: FieldRequirements;
  /** The fields the organization sets: read-only here (decision 0164). */
  locks: OrganizationLocks;
  /** Fields the autosave holds back as refused (decision 0180). */
  refusals: Refusals;
  onChange: OnChange;
}) {
  const orgRequired: ReadonlySet<string> = useMemo(
    () => new Set(requiredFieldsOf(requirements).map((field) => field.key)),
    [requirements],
  );
  const locked: ReadonlySet<string> = useMemo(() => new Set(locks.locked), [locks]);
  const onCustomFields = useCallback(
    (customFields: SignatureFields['customFields']) => onChange({ customFields }),
    [onChange],
  );
  return (
    <div className="grid gap-4">
      <TabIntro title="Your details">Fields marked * are required to copy or save.</TabIntro>
      {TEXT_FIELDS.map((spec) => (
        <TextField
          key={spec.key}
          spec={spec}
          value={fields[spec.key]}
          required={spec.required === true || orgRequired.has(spec.key)}
          refused={refusals[spec.key]}
          locked={locked.has(spec.key)}
          onChange={onChange}
        />
      ))}
      <AddressField
        value={fields.address}
        required={orgRequired.has('address')}
        refused={refusals.address}
        locked={locked.has('address')}
        onChange={onChange}
      />
      <CustomFieldsEditor
        customFields={fields.customFields}
        refused={refusals.customFields}
        onChange={onCustomFields}
      />
    </div>
  );
}
