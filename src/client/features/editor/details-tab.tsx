import { requiredFieldsOf, type FieldRequirements } from '../../../shared/signature/export-checks';
import { LIMITS, type SignatureFields, type SignaturePatch } from '../../../shared/signature/signature-schema';
import { Field, Input, Textarea } from '../../components/ui/field';
import { CustomFieldsEditor } from './custom-fields-editor';
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
  { key: 'email', label: 'Email Address', type: 'email', required: true, placeholder: 'jane@acme.com', autoComplete: 'email' },
  { key: 'website', label: 'Website URL', type: 'url', placeholder: 'https://acme.com', autoComplete: 'url' },
];

export function DetailsTab({
  fields,
  requirements,
  onChange,
}: {
  fields: SignatureFields;
  /** The organization's required fields get the same asterisk as name and email. */
  requirements: FieldRequirements;
  onChange: (patch: SignaturePatch) => void;
}) {
  const orgRequired: ReadonlySet<string> = new Set(requiredFieldsOf(requirements).map((field) => field.key));
  return (
    <div className="grid gap-4">
      <TabIntro title="Your details">Fields marked * are required to copy or save.</TabIntro>
      {TEXT_FIELDS.map((spec) => {
        const id = `sig-${spec.key}`;
        const required = spec.required === true || orgRequired.has(spec.key);
        return (
          <Field key={spec.key} id={id} label={spec.label} required={required}>
            <Input
              id={id}
              type={spec.type ?? 'text'}
              value={fields[spec.key]}
              maxLength={LIMITS[spec.key]}
              placeholder={spec.placeholder}
              autoComplete={spec.autoComplete}
              aria-required={required || undefined}
              onChange={(event) => onChange({ [spec.key]: event.target.value })}
            />
          </Field>
        );
      })}
      <Field id="sig-address" label="Address" required={orgRequired.has('address')}>
        <Textarea
          id="sig-address"
          aria-required={orgRequired.has('address') || undefined}
          rows={3}
          value={fields.address}
          maxLength={LIMITS.address}
          placeholder={'123 Main Street\nSan Francisco, CA 94105'}
          autoComplete="street-address"
          className="resize-none"
          onChange={(event) => onChange({ address: event.target.value })}
        />
      </Field>
      <CustomFieldsEditor customFields={fields.customFields} onChange={(customFields) => onChange({ customFields })} />
    </div>
  );
}
