import { useState } from 'react';
import type { SignatureRulesOverview } from '../../../shared/api/signature-rules';
import { DEFAULT_EDITABLE_FIELDS, DEFAULT_ORG_TEMPLATE, type OrgTemplate } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { TemplateDesignSelect } from './template-design-select';
import { toast } from '../../lib/toast-store';
import { ApiError } from '../../lib/api';
import { LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { SignatureRulesEditor } from './signature-rules-editor';
import { RulePeopleTable } from './signature-rules-people';
import {
  useCreateOrganizationSignature,
  useDeleteOrganizationSignature,
  useSignatureRules,
} from '../../api/signature-rules';

/**
 * "Signatures by group" (docs/decisions/0220-signature-rules.md): the organization's signatures, the
 * ordered rules that give them, and per person which rule matched and why.
 */
export function SignatureRulesCard() {
  const rules = useSignatureRules(true);
  return (
    <SectionCard
      id="signature-rules"
      title="Signatures by group"
      description="Give sales, support or an office its own signature. The first rule that matches a person decides; everyone else gets the default."
    >
      {rules.isPending ? (
        <Spinner label="Loading rules…" />
      ) : rules.isError ? (
        <LoadError error={rules.error} retry={() => rules.refetch()} />
      ) : (
        <div className="grid gap-6">
          <OrganizationSignatures data={rules.data} />
          {/* A new answer (a save, another admin's change read again) starts the editor afresh. */}
          <SignatureRulesEditor key={`${rules.data.version}-${rules.data.signatures.length}`} data={rules.data} />
          <RulePeopleTable data={rules.data} />
        </div>
      )}
    </SectionCard>
  );
}

function OrganizationSignatures({ data }: { data: SignatureRulesOverview }) {
  const create = useCreateOrganizationSignature();
  const remove = useDeleteOrganizationSignature();
  const [name, setName] = useState('');
  const [template, setTemplate] = useState<OrgTemplate>(DEFAULT_ORG_TEMPLATE);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const onAdd = async () => {
    setErrors({});
    try {
      const created = await create.mutateAsync({ name, template, editableFields: [...DEFAULT_EDITABLE_FIELDS] });
      setName('');
      setTemplate(DEFAULT_ORG_TEMPLATE);
      toast({
        title: 'Signature added',
        description: `“${created.name}” can now be given by a rule.`,
        variant: 'success',
      });
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length) setErrors(error.fields);
      else toastError(error, 'The signature could not be added. Please try again.');
    }
  };
  const onDelete = async (id: string) => {
    try {
      await remove.mutateAsync(id);
    } catch (error) {
      toastError(error, 'The signature could not be deleted. Please try again.');
    }
  };

  return (
    <div className="grid gap-3">
      <h3 className="text-sm font-semibold text-slate-900">Signatures</h3>
      {data.signatures.length === 0 ? (
        <p className="text-sm text-slate-600">No organization signatures yet: everyone gets {data.policyName}.</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="org-signatures">
          {data.signatures.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-2 px-3 py-2 text-sm">
              <span className="font-medium text-slate-900">{s.name}</span>
              <span className="min-w-0 flex-1 truncate text-slate-500">
                {[s.template.company, s.template.website].filter(Boolean).join(' · ')}
              </span>
              <Button variant="ghost" size="sm" className="text-red-700" onClick={() => onDelete(s.id)}>
                Delete<span className="sr-only"> {s.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="org-signature-name" label="Signature name" error={errors.name}>
          <Input id="org-signature-name" value={name} placeholder="Sales" onChange={(e) => setName(e.target.value)} />
        </Field>
        <TemplateDesignSelect
          id="org-signature-template"
          label="Signature template"
          template={template}
          onChange={setTemplate}
        />
        <Field id="org-signature-company" label="Signature company" error={errors['template.company']}>
          <Input
            id="org-signature-company"
            value={template.company}
            onChange={(e) => setTemplate({ ...template, company: e.target.value })}
          />
        </Field>
        <Field id="org-signature-website" label="Signature website URL" error={errors['template.website']}>
          <Input
            id="org-signature-website"
            value={template.website}
            placeholder="https://acme.com/sales"
            onChange={(e) => setTemplate({ ...template, website: e.target.value })}
          />
        </Field>
      </div>
      <div>
        <Button variant="secondary" onClick={onAdd} disabled={create.isPending}>
          Add signature
        </Button>
      </div>
    </div>
  );
}
