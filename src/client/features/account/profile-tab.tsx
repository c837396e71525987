import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { profileSchema, TIMEZONES, type ProfileInput } from '../../../shared/validation/account-schemas';
import { Field, Input } from '../../components/ui/field';
import { DataDownloadCard } from './data-download';
import { FormActions, LoadError, SectionCard, Select, Spinner, saveWithToast } from './account-ui';
import { useProfile, useSaveProfile } from '../../api/account';

export function ProfileTab() {
  const profile = useProfile();
  const save = useSaveProfile();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: '', timezone: 'America/New_York' },
  });
  const { errors, isDirty } = form.formState;

  const saved = profile.data;
  useEffect(() => {
    if (saved)
      form.reset({
        name: saved.name,
        timezone: (TIMEZONES.some((t) => t.value === saved.timezone)
          ? saved.timezone
          : 'America/New_York') as ProfileInput['timezone'],
      });
  }, [saved, form]);

  if (profile.isPending) return <Spinner />;
  if (profile.isError) return <LoadError error={profile.error} retry={() => profile.refetch()} />;

  const onSubmit = form.handleSubmit(async (values) => {
    await saveWithToast(
      () => save.mutateAsync(profileSchema.parse(values)),
      { title: 'Profile saved', description: 'Your name and timezone are up to date.' },
      form,
      ['name', 'timezone'],
    );
  });

  return (
    <div className="grid gap-6">
      <form onSubmit={onSubmit} noValidate>
        <SectionCard
          id="profile"
          title="Profile"
          description="Your name appears on invitations you send and in your team's member list."
          footer={<FormActions dirty={isDirty} saving={save.isPending} onCancel={() => form.reset()} />}
        >
          <div className="grid gap-5 sm:max-w-lg">
            <Field id="profile-name" label="Full name" required error={errors.name?.message}>
              <Input
                id="profile-name"
                autoComplete="name"
                maxLength={120}
                aria-invalid={!!errors.name}
                {...form.register('name')}
              />
            </Field>
            <Field id="profile-email" label="Email" hint="Your sign-in address. It cannot be changed here.">
              <Input
                id="profile-email"
                type="email"
                value={profile.data.email}
                readOnly
                disabled
                className="bg-slate-50 text-slate-500"
              />
            </Field>
            <Field id="profile-timezone" label="Timezone" required error={errors.timezone?.message}>
              <Select id="profile-timezone" aria-invalid={!!errors.timezone} {...form.register('timezone')}>
                {TIMEZONES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        </SectionCard>
      </form>
      <DataDownloadCard
        id="my-data"
        title="Your data"
        description="A JSON file of your account, signatures, uploaded images (their addresses) and activity, to keep or take elsewhere."
        kind="account"
        label="Download my data"
      />
    </div>
  );
}
