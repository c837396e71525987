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

export function DetailsTab({ fields, onChange }: { fields: SignatureFields; onChange: (patch: SignaturePatch) => void }) {
  return (
    <div className="grid gap-4">
      <TabIntro title="Your details">Fields marked * are required to copy or save.</TabIntro>
      {TEXT_FIELDS.map((spec) => {
        const id = `sig-${spec.key}`;
        return (
          <Field key={spec.key} id={id} label={spec.label} required={spec.required}>
            <Input
              id={id}
              type={spec.type ?? 'text'}
              value={fields[spec.key]}
              maxLength={LIMITS[spec.key]}
              placeholder={spec.placeholder}
              autoComplete={spec.autoComplete}
              aria-required={spec.required || undefined}
              onChange={(event) => onChange({ [spec.key]: event.target.value })}
            />
          </Field>
        );
      })}
      <Field id="sig-address" label="Address">
        <Textarea
          id="sig-address"
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
