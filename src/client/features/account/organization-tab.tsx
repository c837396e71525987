import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  DOMAIN_EXAMPLE,
  organizationSchema,
  ROLE_LABELS,
  type OrganizationInput,
} from '../../../shared/validation/account-schemas';
import { Field, Input } from '../../components/ui/field';
import { LoadError, MANAGED_CARDS, ManagedFormCard, saveWithToast, Spinner } from './account-ui';
import { DataDownloadCard } from './data-download';
import { useOrganization, useSaveOrganization } from '../../api/teams';

export function OrganizationTab() {
  const org = useOrganization();
  const save = useSaveOrganization();
  const form = useForm<OrganizationInput>({
    resolver: zodResolver(organizationSchema),
    defaultValues: { name: '', domain: '' },
  });
  const { errors } = form.formState;

  const saved = org.data;
  useEffect(() => {
    if (saved) form.reset({ name: saved.name, domain: saved.domain ?? '' });
  }, [saved, form]);

  if (org.isPending) return <Spinner />;
  if (org.isError) return <LoadError error={org.error} retry={() => org.refetch()} />;
  const canEdit = org.data.canManage;

  const onSubmit = form.handleSubmit(async (values) => {
    await saveWithToast(
      () => save.mutateAsync(organizationSchema.parse(values)),
      { title: 'Organization saved', description: 'Your team sees the new details right away.' },
      form,
      ['name', 'domain'],
    );
  });

  return (
    <div className="grid gap-6">
      <ManagedFormCard
        card={{
          ...MANAGED_CARDS.organization,
          readOnlyNote: MANAGED_CARDS.organization.readOnlyNote(ROLE_LABELS[org.data.role]),
        }}
        canEdit={canEdit}
        form={form}
        save={save}
        onSubmit={onSubmit}
      >
        <div className="grid gap-5 sm:max-w-lg">
          <Field id="org-name" label="Organization name" required={canEdit} error={errors.name?.message}>
            <Input
              id="org-name"
              autoComplete="organization"
              disabled={!canEdit}
              aria-invalid={!!errors.name}
              {...form.register('name')}
            />
          </Field>
          <Field
            id="org-domain"
            label="Domain"
            required={canEdit}
            error={errors.domain?.message}
            hint={`Your company's email domain, for example ${DOMAIN_EXAMPLE}.`}
          >
            <Input
              id="org-domain"
              placeholder={DOMAIN_EXAMPLE}
              inputMode="url"
              autoCapitalize="none"
              spellCheck={false}
              disabled={!canEdit}
              aria-invalid={!!errors.domain}
              {...form.register('domain')}
            />
          </Field>
        </div>
      </ManagedFormCard>
      {org.data.role === 'owner' && (
        <DataDownloadCard
          id="organization-data"
          title="Organization data"
          description="A JSON file of the organization's details, signature defaults, members, invitations and every member's signatures."
          kind="organization"
          label="Download organization data"
        />
      )}
    </div>
  );
}
