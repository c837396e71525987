import { Button } from '../../components/ui/button';
import { Field, Input } from '../../components/ui/field';

/**
 * The end of both ways to connect Workspace (a pasted key, or the operator's service account): the
 * admin's address, what Google or the server refused, and the button that connects and checks.
 */
export function WorkspaceAdminSubmit(props: {
  id: string;
  label: string;
  adminEmail: string;
  onAdminEmail(value: string): void;
  fieldError: string | undefined;
  formError: string | undefined;
  errorTestId: string;
  busy: boolean;
  submitLabel: string;
  onSubmit(): void;
}) {
  return (
    <>
      <Field id={props.id} label={props.label} error={props.fieldError}>
        <Input
          id={props.id}
          type="email"
          value={props.adminEmail}
          onChange={(e) => props.onAdminEmail(e.target.value)}
          aria-invalid={!!props.fieldError}
          placeholder="admin@yourcompany.com"
        />
      </Field>
      {props.formError && (
        <p
          role="alert"
          className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800 [overflow-wrap:anywhere]"
          data-testid={props.errorTestId}
        >
          {props.formError}
        </p>
      )}
      <div>
        <Button onClick={props.onSubmit} disabled={props.busy}>
          {props.busy ? 'Checking…' : props.submitLabel}
        </Button>
      </div>
    </>
  );
}
