import { memo, useCallback, useMemo } from 'react';
import { requiredFieldsOf, type FieldRequirements } from '../../../shared/signature/export-checks';
import { LIMITS, type SignatureFields, type SignaturePatch } from '../../../shared/signature/signature-schema';
import { Field, Input, Textarea } from '../../components/ui/field';
import { CustomFieldsEditor as CustomFieldsEditorRows } from './custom-fields-editor';
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

/**
 * One text field. Memoised with the value as a prop, so a keystroke re-renders only the field
 * being typed in, not the whole tab.
 */
const TextField = memo(function TextField({
  spec,
  value,
  required,
  onChange,
}: {
  spec: TextFieldSpec;
  value: string;
  required: boolean;
  onChange: OnChange;
}) {
  const id = `sig-${spec.key}`;
  return (
    <Field id={id} label={spec.label} required={required}>
      <Input
        id={id}
        type={spec.type ?? 'text'}
        value={value}
        maxLength={LIMITS[spec.key]}
        placeholder={spec.placeholder}
        autoComplete={spec.autoComplete}
        aria-required={required || undefined}
        onChange={(event) => onChange({ [spec.key]: event.target.value })}
      />
    </Field>
  );
});

const AddressField = memo(function AddressField({
  value,
  required,
  onChange,
}: {
  value: string;
  required: boolean;
  onChange: OnChange;
}) {
  return (
    <Field id="sig-address" label="Address" required={required}>
      <Textarea
        id="sig-address"
        aria-required={required || undefined}
        rows={3}
        value={value}
        maxLength={LIMITS.address}
        placeholder={'123 Main Street\nSan Francisco, CA 94105'}
        autoComplete="street-address"
        className="resize-none"
        onChange={(event) => onChange({ address: event.target.value })}
      />
    </Field>
  );
});

const CustomFieldsEditor = memo(CustomFieldsEditorRows);

export function DetailsTab({
  fields,
  requirements,
  onChange,
}: {
  fields: SignatureFields;
  /** The organization's required fields get the same asterisk as name and email. */
  requirements: FieldRequirements;
  onChange: OnChange;
}) {
  const orgRequired: ReadonlySet<string> = useMemo(
    () => new Set(requiredFieldsOf(requirements).map((field) => field.key)),
    [requirements],
  );
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
          onChange={onChange}
        />
      ))}
      <AddressField value={fields.address} required={orgRequired.has('address')} onChange={onChange} />
      <CustomFieldsEditor customFields={fields.customFields} onChange={onCustomFields} />
    </div>
  );
}
