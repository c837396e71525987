import { zodResolver } from '@hookform/resolvers/zod';
import { ImageOff } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { OrganizationDetails } from '../../../shared/account-area-types';
import { LOGO_HINT, logoUrlSchema, type LogoUrlInput } from '../../../shared/validation/account-schemas';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { MANAGED_CARDS, ManagedFormCard, saveWithToast, showSaveError } from './account-ui';
import { toastRemoval } from '../../lib/removal-toast';
import { useSaveLogo } from '../../api/teams';

function LogoPreview({ url }: { url: string }) {
  const [broken, setBroken] = useState(false);
  useEffect(() => setBroken(false), [url]);
  return (
    <div className="flex h-24 w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-[repeating-conic-gradient(#f8fafc_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-3 sm:w-56">
      {url && !broken ? (
        <img
          src={url}
          alt="Organization logo"
          className="max-h-full max-w-full object-contain"
          onError={() => setBroken(true)}
        />
      ) : (
        <span className="flex flex-col items-center gap-1 text-xs text-slate-400">
          <ImageOff className="h-5 w-5" aria-hidden="true" />
          {url ? 'The image could not be loaded' : 'No logo yet'}
        </span>
      )}
    </div>
  );
}

/** The organization's logo link (spec: HTTPS, an image file; recommended 150×50, at most 200KB). */
export function LogoForm({ org }: { org: OrganizationDetails }) {
  const save = useSaveLogo();
  const form = useForm<LogoUrlInput>({
    resolver: zodResolver(logoUrlSchema),
    defaultValues: { logoUrl: org.logoUrl ?? '' },
  });
  const { errors, isDirty } = form.formState;
  const typed = useWatch({ control: form.control, name: 'logoUrl' });
  const canEdit = org.canManage;

  useEffect(() => form.reset({ logoUrl: org.logoUrl ?? '' }), [org.logoUrl, form]);

  // Removing is immediate; "Undo" saves the logo back for 10 s after (decision 0187).
  const remove = async () => {
    const removed = org.logoUrl ?? '';
    try {
      await save.mutateAsync({ logoUrl: '' });
    } catch (error) {
      showSaveError(error);
      return;
    }
    toastRemoval('Organization logo removed', () =>
      saveWithToast(() => save.mutateAsync({ logoUrl: removed }), {
        title: 'Logo restored',
        description: 'New signatures in your organization start with this logo again.',
      }),
    );
  };

  const submit = async (logoUrl: string) => {
    if (!logoUrl && org.logoUrl) return remove();
    await saveWithToast(
      () => save.mutateAsync({ logoUrl }),
      {
        title: 'Logo saved',
        description: 'New signatures in your organization start with this logo.',
      },
      form,
      ['logoUrl'],
    );
  };
  const onSubmit = form.handleSubmit((values) => submit(logoUrlSchema.parse(values).logoUrl));

  return (
    <ManagedFormCard card={MANAGED_CARDS.logo} canEdit={canEdit} form={form} save={save} onSubmit={onSubmit}>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="grid flex-1 gap-3">
          <Field id="logo-url" label="Logo URL" error={errors.logoUrl?.message} hint={LOGO_HINT}>
            <Input
              id="logo-url"
              type="url"
              inputMode="url"
              placeholder="https://www.company.com/logo.png"
              disabled={!canEdit}
              aria-invalid={!!errors.logoUrl}
              {...form.register('logoUrl')}
            />
          </Field>
          {canEdit && org.logoUrl && !isDirty && (
            <Button
              variant="secondary"
              size="sm"
              className="justify-self-start"
              disabled={save.isPending}
              onClick={() => void remove()}
            >
              Remove logo
            </Button>
          )}
        </div>
        <LogoPreview url={errors.logoUrl ? '' : typed} />
      </div>
    </ManagedFormCard>
  );
}
