import { zodResolver } from '@hookform/resolvers/zod';
import { Check } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  ACCOUNT_COLORS,
  DEFAULT_SIGNATURE_DEFAULTS,
  SECONDARY_COLORS,
  signatureDefaultsSchema,
  type SignatureDefaults,
} from '../../../shared/validation/account-schemas';
import { LoadError, MANAGED_CARDS, ManagedFormCard, saveWithToast, Spinner } from './account-ui';
import { DefaultsPreview } from './defaults-preview';
import { TEMPLATE_CATALOGUE } from '../../../shared/signature/template-catalogue';
import { useOrganization, useSaveDefaults, useSignatureDefaults } from '../../api/teams';
import { PaidFeatureLock } from './paid-feature-lock';

type ColorChoice = { value: string; label: string };

function Swatches(props: {
  legend: string;
  choices: readonly ColorChoice[];
  value: string;
  disabled: boolean;
  register: () => object;
  error?: string;
}) {
  return (
    <fieldset disabled={props.disabled}>
      <legend className="text-sm font-medium text-slate-700">{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.choices.map((c) => (
          <label key={c.value} className="group relative cursor-pointer" title={`${c.label} (${c.value})`}>
            <input type="radio" value={c.value} className="peer sr-only" {...props.register()} />
            <span
              className="flex h-9 w-9 items-center justify-center rounded-full ring-2 ring-transparent ring-offset-2 transition peer-checked:ring-slate-900 peer-focus-visible:ring-brand group-hover:ring-slate-300"
              style={{ background: c.value }}
            >
              {props.value === c.value && <Check className="h-4 w-4 text-white" aria-hidden="true" />}
            </span>
            <span className="sr-only">{c.label}</span>
          </label>
        ))}
      </div>
      <p className="mt-1.5 text-xs text-slate-500">{props.choices.find((c) => c.value === props.value)?.label ?? ''}</p>
      {props.error && (
        <p role="alert" className="text-xs text-red-600">
          {props.error}
        </p>
      )}
    </fieldset>
  );
}

/** On a plan without defaults the form is shown as the paid feature it is, before anyone fills it in. */
function useDefaultsLock() {
  const org = useOrganization();
  const capable = org.data?.capabilities.signatureDefaults ?? true;
  const lock =
    org.data && !capable ? (
      <div className="mb-5">
        <PaidFeatureLock
          capability="signatureDefaults"
          canManage={org.data.canManage}
          askForUpgrade={org.data.askForUpgrade}
        />
      </div>
    ) : undefined;
  return { capable, lock };
}

export function DefaultsTab() {
  const defaults = useSignatureDefaults();
  const { capable, lock } = useDefaultsLock();
  const save = useSaveDefaults();
  const form = useForm<SignatureDefaults>({
    resolver: zodResolver(signatureDefaultsSchema),
    defaultValues: DEFAULT_SIGNATURE_DEFAULTS,
  });
  const { errors } = form.formState;
  const [template, primaryColor, secondaryColor] = useWatch({
    control: form.control,
    name: ['template', 'primaryColor', 'secondaryColor'],
  });
  const saved = defaults.data;
  useEffect(() => {
    if (saved) {
      const { template: t, primaryColor: p, secondaryColor: s, requiredPhone, requiredTitle, requiredAddress } = saved;
      form.reset({ template: t, primaryColor: p, secondaryColor: s, requiredPhone, requiredTitle, requiredAddress });
    }
  }, [saved, form]);

  if (defaults.isPending) return <Spinner />;
  if (defaults.isError) return <LoadError error={defaults.error} retry={() => defaults.refetch()} />;
  const canEdit = defaults.data.canManage && capable;

  const onSubmit = form.handleSubmit(async (values) => {
    await saveWithToast(
      () => save.mutateAsync(values),
      { title: 'Defaults saved', description: 'New signatures in your organization start from these.' },
      form,
      ['template', 'primaryColor', 'secondaryColor'],
    );
  });

  return (
    <ManagedFormCard
      card={MANAGED_CARDS.defaults}
      canEdit={canEdit}
      lock={lock}
      form={form}
      save={save}
      onSubmit={onSubmit}
    >
      <div className="grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div className="grid gap-7">
          <fieldset disabled={!canEdit}>
            <legend className="text-sm font-medium text-slate-700">Template</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {TEMPLATE_CATALOGUE.map((t) => (
                <label
                  key={t.id}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 hover:border-slate-300 has-[:checked]:border-brand has-[:checked]:bg-brand/5 has-[:checked]:ring-1 has-[:checked]:ring-brand"
                >
                  <input
                    type="radio"
                    value={t.id}
                    className="mt-0.5 h-4 w-4 accent-[#1a73e8]"
                    {...form.register('template')}
                  />
                  <span>
                    <span className="block text-sm font-medium text-slate-900">{t.label}</span>
                    <span className="block text-xs text-slate-500">{t.description}</span>
                  </span>
                </label>
              ))}
            </div>
            {errors.template && (
              <p role="alert" className="mt-1 text-xs text-red-600">
                {errors.template.message}
              </p>
            )}
          </fieldset>
          <div className="grid gap-6">
            <Swatches
              legend="Primary color"
              choices={ACCOUNT_COLORS}
              value={primaryColor}
              disabled={!canEdit}
              register={() => form.register('primaryColor')}
              error={errors.primaryColor?.message}
            />
            <Swatches
              legend="Secondary color"
              choices={SECONDARY_COLORS}
              value={secondaryColor}
              disabled={!canEdit}
              register={() => form.register('secondaryColor')}
              error={errors.secondaryColor?.message}
            />
          </div>
          <fieldset disabled={!canEdit}>
            <legend className="text-sm font-medium text-slate-700">Required fields</legend>
            <p className="text-xs text-slate-500">The editor will not export a signature until these are filled in.</p>
            <div className="mt-2 grid gap-2 sm:grid-cols-3">
              {(
                [
                  ['requiredPhone', 'Phone number'],
                  ['requiredTitle', 'Job title'],
                  ['requiredAddress', 'Address'],
                ] as const
              ).map(([name, label]) => (
                <label
                  key={name}
                  className="flex cursor-pointer items-center gap-2 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-[:checked]:border-brand has-[:checked]:bg-brand/5"
                >
                  <input type="checkbox" className="h-4 w-4 accent-[#1a73e8]" {...form.register(name)} />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div>
          <p className="mb-2 text-sm font-medium text-slate-700">Preview</p>
          <DefaultsPreview template={template} primaryColor={primaryColor} secondaryColor={secondaryColor} />
        </div>
      </div>
    </ManagedFormCard>
  );
}
