import { useState } from 'react';
import type { WorkspaceConnectionView } from '../../../shared/api/workspace';
import { useSetWriteAliases } from '../../api/workspace';
import { toast } from '../../lib/toast-store';
import { toastError } from './account-ui';

/**
 * The alias setting (docs/decisions/0142): off, an alias gets a signature only when one of the
 * person's own signatures is "Used for" it; on, every alias Gmail lists as accepted gets the
 * organization's signature with the alias in its e-mail line.
 */
export function WorkspaceAliasesOption({ connection }: { connection: WorkspaceConnectionView }) {
  const save = useSetWriteAliases();
  // What was just chosen shows at once; the server's value again once the save has settled.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const checked = chosen ?? connection.writeAliases;
  return (
    <div className="mt-4 rounded-md border border-slate-200 px-3 py-2">
      <label className="flex items-start gap-2 text-sm text-slate-800">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 shrink-0"
          checked={checked}
          disabled={save.isPending}
          onChange={async (event) => {
            const writeAliases = event.target.checked;
            setChosen(writeAliases);
            try {
              const saved = await save.mutateAsync({ writeAliases });
              const again = saved.repushQueued
                ? ` ${saved.repushQueued} ${saved.repushQueued === 1 ? 'person is' : 'people are'} pushed again.`
                : '';
              toast({
                title: saved.writeAliases ? 'Aliases included' : 'Aliases left alone',
                description: `${saved.writeAliases ? 'Every accepted alias gets the organization signature.' : 'Only addresses a signature is “Used for” are written.'}${again}`,
                variant: 'success',
              });
            } catch (error) {
              toastError(error, 'The setting was not saved. Please try again.');
            } finally {
              setChosen(null);
            }
          }}
        />
        <span>
          <span className="font-medium">Also write the organization signature to every accepted alias</span>
          <span className="mt-0.5 block text-xs text-slate-600">
            Each alias Gmail lists as accepted gets the organization signature with the alias as its e-mail address,
            unless one of the person’s own signatures is used for it.
          </span>
        </span>
      </label>
    </div>
  );
}
