import type { OrgTemplate } from '../../../shared/api/workspace';
import { TEMPLATE_CATALOGUE } from '../../../shared/signature/template-catalogue';
import { Field } from '../../components/ui/field';
import { Select } from './account-ui';

/** The design of an organization template or signature, picked from the one template catalogue. */
export function TemplateDesignSelect({
  id,
  label,
  template,
  onChange,
}: {
  id: string;
  label: string;
  template: OrgTemplate;
  onChange(next: OrgTemplate): void;
}) {
  return (
    <Field id={id} label={label}>
      <Select
        id={id}
        value={template.design.template}
        onChange={(e) =>
          onChange({
            ...template,
            design: { ...template.design, template: e.target.value as OrgTemplate['design']['template'] },
          })
        }
      >
        {TEMPLATE_CATALOGUE.map((t) => (
          <option key={t.id} value={t.id}>
            {t.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
