import { Check, ChevronDown, Star } from 'lucide-react';
import { Dialog, DropdownMenu } from 'radix-ui';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { CurrentUser } from '../../../shared/account-types';
import { sendAsEmailSchema, signatureLabelSchema } from '../../../shared/signature/signature-meta';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { ApiError, errorMessage } from '../../lib/api';
import { readStartingPoint, startFromAccount } from './load-signature';
import {
  useSignatureList,
  useSignaturesChanged,
  createNamedSignature,
  deleteSignature,
  updateSignatureMeta,
} from '../../api/signatures';

export type SignatureSwitcherProps = {
  user: CurrentUser;
  /** The signature the editor shows. */
  currentId: string | null;
  /** Shows another signature (the page puts its id in the URL). */
  onSwitch(id: string): void;
  /** A signature was deleted; `next` is the one to show when it was the current one. */
  onDeleted(id: string, next: string): void;
};

type DialogKind = 'new' | 'rename' | 'sendAs' | 'delete' | null;

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 text-sm outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-slate-100';

/** The first zod message for a value, or null when it is fine: the same words the server would answer. */
function problemOf(schema: typeof signatureLabelSchema | typeof sendAsEmailSchema, value: string): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Please check this value');
}

/**
 * The editor header's signature switcher: the current signature's name and a
 * menu to switch, create, rename, duplicate, set "Used for", make default and delete.
 */
export function SignatureSwitcher({ user, currentId, onSwitch, onDeleted }: SignatureSwitcherProps) {
  const queryClient = useQueryClient();
  const refresh = useSignaturesChanged();
  const list = useSignatureList(true);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const signatures = list.data ?? [];
  const current = signatures.find((s) => s.id === currentId) ?? null;
  if (!current) return null;

  const failed = (title: string, error: unknown) =>
    toast({ title, description: errorMessage(error, 'Please try again.'), variant: 'destructive' });

  const duplicate = async () => {
    try {
      const copy = await createNamedSignature({ copyFrom: current.id });
      await refresh();
      onSwitch(copy.id);
      toast({
        title: 'Signature duplicated',
        description: `"${copy.label}" is a copy of "${current.label}".`,
        variant: 'success',
      });
    } catch (error) {
      failed('Could not duplicate the signature', error);
    }
  };

  const makeDefault = async () => {
    try {
      await updateSignatureMeta(current.id, { isDefault: true });
      await refresh();
      toast({
        title: 'Default signature changed',
        description: `"${current.label}" is now your default signature.`,
        variant: 'success',
      });
    } catch (error) {
      failed('Could not change the default', error);
    }
  };

  return (
    <>
      <DropdownMenu.Root>
        <DropdownMenu.Trigger
          aria-label={`Signature: ${current.label}. Switch or manage signatures`}
          data-testid="signature-switcher"
          className="inline-flex h-9 min-w-0 max-w-[9.5rem] items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium text-slate-800 hover:bg-slate-50 sm:max-w-xs"
        >
          <span className="truncate">{current.label}</span>
          <ChevronDown className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="start"
            sideOffset={6}
            className="z-50 max-h-[70vh] w-72 max-w-[calc(100vw-1rem)] overflow-y-auto rounded-lg border border-slate-200 bg-white p-1 shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs font-semibold uppercase tracking-wide text-slate-500">
              Your signatures
            </DropdownMenu.Label>
            <DropdownMenu.RadioGroup value={current.id} onValueChange={(id) => id !== current.id && onSwitch(id)}>
              {signatures.map((s) => (
                <DropdownMenu.RadioItem key={s.id} value={s.id} className={itemClass} data-testid="signature-option">
                  <span className="flex h-4 w-4 shrink-0 items-center justify-center">
                    <DropdownMenu.ItemIndicator>
                      <Check className="h-4 w-4 text-brand" aria-hidden="true" />
                    </DropdownMenu.ItemIndicator>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-center gap-1.5">
                      <span className="truncate">{s.label}</span>
                      {s.isDefault && (
                        <span className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-600">
                          Default
                        </span>
                      )}
                    </span>
                    {s.sendAsEmail && (
                      <span className="block truncate text-xs text-slate-500">Used for {s.sendAsEmail}</span>
                    )}
                  </span>
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
            <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
            <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('new')}>
              New signature
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('rename')}>
              Rename…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => void duplicate()}>
              Duplicate
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} onSelect={() => setDialog('sendAs')}>
              Used for…
            </DropdownMenu.Item>
            <DropdownMenu.Item className={itemClass} disabled={current.isDefault} onSelect={() => void makeDefault()}>
              <Star className="h-4 w-4" aria-hidden="true" />
              {current.isDefault ? 'This is your default' : 'Make default'}
            </DropdownMenu.Item>
            <DropdownMenu.Item
              className={`${itemClass} text-red-700`}
              disabled={signatures.length < 2}
              onSelect={() => setDialog('delete')}
            >
              {signatures.length < 2 ? 'Delete (your only signature)' : 'Delete…'}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      {dialog === 'new' && (
        <TextDialog
          title="New signature"
          description="Starts from your name, email and your organization's defaults. You can have one per send-as address or language."
          label="Signature name"
          initial=""
          placeholder="e.g. Sales alias, Deutsch"
          submitText="Create"
          validate={(v) => problemOf(signatureLabelSchema, v)}
          onClose={() => setDialog(null)}
          onSubmit={async (label) => {
            const { defaults, rule } = await readStartingPoint(queryClient);
            const created = await createNamedSignature({ ...startFromAccount(user, defaults, rule), label });
            await refresh();
            onSwitch(created.id);
            toast({
              title: 'Signature created',
              description: `"${created.label}" is open in the editor.`,
              variant: 'success',
            });
          }}
        />
      )}
      {dialog === 'rename' && (
        <TextDialog
          title="Rename signature"
          label="Signature name"
          initial={current.label}
          submitText="Rename"
          validate={(v) => problemOf(signatureLabelSchema, v)}
          onClose={() => setDialog(null)}
          onSubmit={async (label) => {
            await updateSignatureMeta(current.id, { label });
            await refresh();
          }}
        />
      )}
      {dialog === 'sendAs' && (
        <TextDialog
          title="Used for"
          description="The Gmail send-as address this signature is for. Each address has one signature; leave empty for none."
          label="Send-as address"
          type="email"
          initial={current.sendAsEmail ?? ''}
          placeholder="sales@example.com"
          submitText="Save"
          validate={(v) => problemOf(sendAsEmailSchema, v)}
          onClose={() => setDialog(null)}
          onSubmit={async (value) => {
            await updateSignatureMeta(current.id, { sendAsEmail: value.trim() === '' ? null : value });
            await refresh();
          }}
        />
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title={`Delete "${current.label}"?`}
          description="This signature is removed from your account. Your other signatures stay as they are."
          confirmText="Delete signature"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            const left = await deleteSignature(current.id);
            await refresh(left);
            const next = left[0];
            if (next) onDeleted(current.id, next.id);
            toast({ title: 'Signature deleted', description: `"${current.label}" was deleted.` });
          }}
        />
      )}
    </>
  );
}

function DialogFrame(props: { title: string; description?: string; onClose(): void; children: ReactNode }) {
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">{props.title}</Dialog.Title>
          {props.description ? (
            <Dialog.Description className="mt-1 text-sm text-slate-600">{props.description}</Dialog.Description>
          ) : (
            <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
          )}
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** One text field; an error (the browser's check or the server's words) keeps what was typed. */
export function TextDialog(props: {
  title: string;
  description?: string;
  label: string;
  initial: string;
  placeholder?: string;
  type?: 'text' | 'email';
  submitText: string;
  validate(value: string): string | null;
  onSubmit(value: string): Promise<void>;
  onClose(): void;
}) {
  const [value, setValue] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = props.validate(value);
    if (problem) {
      setError(problem);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(value.trim());
      props.onClose();
    } catch (caught) {
      const fieldWords = caught instanceof ApiError ? Object.values(caught.fields)[0] : undefined;
      setError(
        caught instanceof ApiError && caught.status !== 400
          ? caught.message
          : (fieldWords ?? errorMessage(caught, 'Please try again.')),
      );
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={props.title} description={props.description} onClose={props.onClose}>
      <form className="mt-4 grid gap-4" onSubmit={(e) => void submit(e)} noValidate>
        <Field id="signature-dialog-input" label={props.label} error={error ?? undefined}>
          <Input
            id="signature-dialog-input"
            type={props.type ?? 'text'}
            value={value}
            placeholder={props.placeholder}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'signature-dialog-input-error' : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : props.submitText}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

function ConfirmDialog(props: {
  title: string;
  description: string;
  confirmText: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await props.onConfirm();
      props.onClose();
    } catch (caught) {
      setError(errorMessage(caught, 'Please try again.'));
      setBusy(false);
    }
  };
  return (
    <DialogFrame title={props.title} description={props.description} onClose={props.onClose}>
      {error && (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {error}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={props.onClose}>
          Cancel
        </Button>
        <Button variant="danger" disabled={busy} onClick={() => void confirm()}>
          {busy ? 'Deleting...' : props.confirmText}
        </Button>
      </div>
    </DialogFrame>
  );
}
