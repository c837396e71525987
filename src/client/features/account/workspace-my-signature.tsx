import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { PERSON_FIELDS, PERSON_FIELD_LABELS, type PersonField } from '../../../shared/api/workspace';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ApiError } from '../../lib/api';
import { formatDate, LoadError, SectionCard, Spinner, toastError } from './account-ui';
import { useEditMine, useMyWorkspaceSignature } from '../../api/workspace';
import { SIGNATURE_SIZE_LIMIT } from '../../../shared/signature/gmail-size';

type TextField = Exclude<PersonField, 'socialLinks'>;
const TEXT_FIELDS = PERSON_FIELDS.filter((f): f is TextField => f !== 'socialLinks');

/** A person's own Workspace signature: what Gmail gets, which fields they may change, and why the rest is locked. */
export function WorkspaceMySignature() {
  const mine = useMyWorkspaceSignature(true);
  const edit = useEditMine();
  const [values, setValues] = useState<Partial<Record<TextField, string>>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const person = mine.data?.person ?? null;

  useEffect(() => {
    if (person) setValues(Object.fromEntries(TEXT_FIELDS.map((f) => [f, String(person.values[f] ?? '')])));
  }, [person]);

  if (mine.isPending) return <Spinner label="Loading your Gmail signature…" />;
  if (mine.isError) return <LoadError error={mine.error} retry={() => mine.refetch()} />;
  if (!person) {
    return (
      <SectionCard id="workspace-mine" title="Your Gmail signature">
        <p className="text-sm text-slate-600">
          {mine.data.connected
            ? "You are not in your organization's Google Workspace directory yet. An admin can sync the directory."
            : 'Your organization has not connected Google Workspace. Until it does, use "Copy to Gmail" in the editor and paste the signature into Gmail.'}
        </p>
      </SectionCard>
    );
  }

  const changed = person.editable.filter(
    (f): f is TextField => f !== 'socialLinks' && values[f as TextField] !== String(person.values[f] ?? ''),
  );
  const onSave = async () => {
    setErrors({});
    try {
      await edit.mutateAsync(Object.fromEntries(changed.map((f) => [f, values[f] ?? ''])));
      toast({
        title: 'Saved',
        description:
          person.pushStatus === 'never'
            ? 'Your signature is updated.'
            : 'Your signature is updated and goes into Gmail shortly.',
        variant: 'success',
      });
    } catch (error) {
      setErrors(error instanceof ApiError ? error.fields : {});
      toastError(error, 'Could not save. Please try again.');
    }
  };

  return (
    <SectionCard
      id="workspace-mine"
      title="Your Gmail signature"
      description={`What your organization puts into Gmail for ${person.email}. ${
        person.pushStatus === 'pushed' && person.pushedAt
          ? `In Gmail since ${formatDate(person.pushedAt, { dateStyle: 'medium', timeStyle: 'short' })}.`
          : ''
      }`}
    >
      <div
        className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-3"
        data-testid="my-signature-preview"
        dangerouslySetInnerHTML={{ __html: person.html }}
      />
      <p className="mt-1 text-xs text-slate-500">
        {person.chars.toLocaleString('en-US')} of {SIGNATURE_SIZE_LIMIT.toLocaleString('en-US')} characters as Gmail
        stores it
      </p>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map((field) => {
          const reason = person.locked[field];
          const id = `mine-${field}`;
          return (
            <div key={field} className="grid gap-1.5" data-testid={`mine-field-${field}`}>
              <label htmlFor={id} className="flex items-center gap-1.5 text-sm font-medium text-slate-700">
                {reason && <Lock className="h-3.5 w-3.5 text-slate-500" aria-hidden="true" />}
                {PERSON_FIELD_LABELS[field]}
                {reason && <span className="sr-only">(locked)</span>}
              </label>
              <Input
                id={id}
                value={values[field] ?? ''}
                readOnly={!!reason}
                aria-readonly={!!reason}
                aria-invalid={!!errors[field]}
                aria-describedby={reason ? `${id}-why` : undefined}
                className={reason ? 'bg-slate-50 text-slate-600' : ''}
                onChange={(e) => setValues({ ...values, [field]: e.target.value })}
              />
              {errors[field] ? (
                <p role="alert" className="text-xs text-red-600">
                  {errors[field]}
                </p>
              ) : (
                reason && (
                  <p id={`${id}-why`} className="text-xs text-slate-500">
                    {reason}
                  </p>
                )
              )}
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-xs text-slate-500">
        Social profiles: {person.locked.socialLinks ?? 'set by your organization’s template for now.'}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <Button onClick={onSave} disabled={edit.isPending || changed.length === 0}>
          {edit.isPending ? 'Saving…' : 'Save my changes'}
        </Button>
        {person.editable.length === 0 && (
          <span className="text-sm text-slate-600">Your organization has locked every field.</span>
        )}
      </div>
    </SectionCard>
  );
}
