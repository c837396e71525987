import { useMemo, useState } from 'react';
import {
  FIELD_SOURCE,
  PERSON_FIELDS,
  PERSON_FIELD_LABELS,
  type OrgTemplate,
  type PersonField,
  type WorkspaceOverview,
} from '../../../shared/api/workspace';
import { policyFromTemplate } from '../../../shared/signature/organization-policy';
import { DEFAULT_PRIMARY_COLOR } from '../../../shared/signature/signature-schema';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { TemplateDesignSelect } from './template-design-select';
import { toast } from '../../lib/toast-store';
import { ApiError } from '../../lib/api';
import { SectionCard, toastError } from './account-ui';
import { useSaveTemplate } from '../../api/workspace';
import { PolicyPreview } from './policy-preview';

type TextKey = 'company' | 'website' | 'address' | 'photoUrl';
const TEXT_FIELDS: { key: TextKey; label: string; placeholder: string }[] = [
  { key: 'company', label: 'Company', placeholder: 'Acme Inc.' },
  { key: 'website', label: 'Website URL', placeholder: 'https://acme.com' },
  { key: 'address', label: 'Address', placeholder: '1 Main Street, Springfield' },
  { key: 'photoUrl', label: 'Logo or photo URL', placeholder: 'https://acme.com/logo.png' },
];

/** The fields people may edit themselves; each unticked one is locked for everyone. */
function EditableFieldsChoice({
  editable,
  onChange: setEditable,
}: {
  editable: PersonField[];
  onChange: (next: PersonField[]) => void;
}) {
  return (
    <fieldset className="mt-5">
      <legend className="text-sm font-medium text-slate-700">People may edit</legend>
      <p className="text-xs text-slate-500">Unticked fields are locked for everyone.</p>
      <div className="mt-2 grid gap-2 sm:grid-cols-3">
        {PERSON_FIELDS.map((field) => (
          <label key={field} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={editable.includes(field)}
              onChange={(e) =>
                setEditable(e.target.checked ? [...editable, field] : editable.filter((x) => x !== field))
              }
              className="h-4 w-4 rounded border-slate-300"
            />
            {PERSON_FIELD_LABELS[field]}
            <span className="text-xs text-slate-400">
              ({FIELD_SOURCE[field] === 'directory' ? 'directory' : 'template'})
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The organization's template: design, shared values, and which fields people may edit themselves. */
export function WorkspaceTemplateCard({ data }: { data: WorkspaceOverview }) {
  const save = useSaveTemplate();
  const [template, setTemplate] = useState<OrgTemplate>(data.template.template);
  const [editable, setEditable] = useState<PersonField[]>(data.template.editableFields);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onSave = async () => {
    setErrors({});
    try {
      const result = await save.mutateAsync({ template, editableFields: editable });
      toast({
        title: 'Template saved',
        description: result.repushQueued
          ? `${result.repushQueued} signatures already in Gmail are being updated.`
          : 'Push signatures to put it into Gmail.',
        variant: 'success',
      });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      toastError(error, 'The template could not be saved.');
    }
  };
  const fieldError = (key: string) => errors[`template.${key}`] ?? errors[key];
  // Drawn as it is edited, by the same preview and policy function as the signature defaults.
  const policy = useMemo(() => policyFromTemplate(template, editable), [template, editable]);

  return (
    <SectionCard
      id="workspace-template"
      title="Organization template"
      description="Every signature pushed to Gmail uses this design. Locked fields come from the directory or from this template; people edit only the ones you leave open."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TemplateDesignSelect id="wt-template" label="Design" template={template} onChange={setTemplate} />
        <Field id="wt-colour" label="Primary colour" error={fieldError('design.primaryColor')}>
          <div className="flex items-center gap-2">
            <input
              type="color"
              aria-label="Pick the primary colour"
              value={
                /^#[0-9a-f]{6}$/i.test(template.design.primaryColor)
                  ? template.design.primaryColor
                  : DEFAULT_PRIMARY_COLOR
              }
              onChange={(e) =>
                setTemplate({ ...template, design: { ...template.design, primaryColor: e.target.value } })
              }
              className="h-10 w-12 shrink-0 rounded border border-slate-300"
            />
            <Input
              id="wt-colour"
              value={template.design.primaryColor}
              onChange={(e) =>
                setTemplate({ ...template, design: { ...template.design, primaryColor: e.target.value } })
              }
            />
          </div>
        </Field>
        {TEXT_FIELDS.map((f) => (
          <Field key={f.key} id={`wt-${f.key}`} label={f.label} error={fieldError(f.key)}>
            <Input
              id={`wt-${f.key}`}
              value={template[f.key]}
              placeholder={f.placeholder}
              aria-invalid={!!fieldError(f.key)}
              onChange={(e) => setTemplate({ ...template, [f.key]: e.target.value })}
            />
          </Field>
        ))}
      </div>
      <EditableFieldsChoice editable={editable} onChange={setEditable} />
      <div className="mt-5 grid gap-2">
        <p className="text-sm font-medium text-slate-700">Preview</p>
        <p className="text-xs text-slate-500">
          A sample person under this template: locked fields show the template&apos;s values.
        </p>
        <PolicyPreview
          policy={policy}
          label="Preview of the organization template"
          testId="workspace-template-preview"
        />
      </div>
      <div className="mt-5">
        <Button onClick={onSave} disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save template'}
        </Button>
      </div>
    </SectionCard>
  );
}
