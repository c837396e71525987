import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { preflightApi, type GmailCheckAnswer } from '../../../shared/api/preflight';
import { Button } from '../../components/ui/button';
import { Field, Textarea } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { callApi } from '../../lib/api-client';

const NUMBER = new Intl.NumberFormat('en-US');

function Result({ answer }: { answer: GmailCheckAnswer }) {
  if (!answer.found) {
    return (
      <p className="text-xs text-red-700" data-testid="gmail-check-result">
        No Gmail signature in that message. Send it from Gmail with your signature set, then paste its “Show original”
        again.
      </p>
    );
  }
  const proxied = answer.images.filter((image) => image.proxied).length;
  return (
    <ul className="grid gap-1 text-xs text-slate-700" data-testid="gmail-check-result">
      <li>
        <span className="font-semibold">Gmail stored {NUMBER.format(answer.storedLength)} characters</span>; we
        predicted {NUMBER.format(answer.predictedLength)} ({answer.differencePercent}% apart).
      </li>
      <li>
        {answer.images.length === 0
          ? 'No images in what Gmail stored.'
          : `${proxied} of ${answer.images.length} ${answer.images.length === 1 ? 'image' : 'images'} moved to Gmail’s image proxy${proxied < answer.images.length ? ': the others still load from their own address' : ''}.`}
      </li>
      <li>{answer.dropped.length === 0 ? 'Gmail dropped nothing.' : `Gmail dropped ${answer.dropped.join(', ')}.`}</li>
    </ul>
  );
}

/**
 * "Check what Gmail stored": the person pastes a message they sent from Gmail ("Show original"), and
 * the server reads the signature as Gmail keeps it beside our prediction (docs/decisions/0166).
 */
export function GmailCheck({ html }: { html: string }) {
  const id = useId();
  const [original, setOriginal] = useState('');
  const check = useMutation({
    mutationFn: () => callApi(preflightApi.gmailCheck, { body: { original, html } }),
  });
  return (
    <details className="mt-2 border-t border-slate-100 pt-2 text-sm" data-testid="gmail-check">
      <summary className="cursor-pointer py-1 text-xs font-medium text-slate-700 hover:text-slate-900">
        Check what Gmail stored
      </summary>
      <form
        className="mt-2 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          check.mutate();
        }}
      >
        <ol className="list-decimal pl-4 text-xs text-slate-600">
          <li>Put this signature in Gmail (Copy to Gmail) and send yourself a message.</li>
          <li>Open it in Gmail, choose ⋮ then “Show original”, and copy it all.</li>
          <li>Paste it here: we compare what Gmail kept with what we sent.</li>
        </ol>
        <Field
          id={`${id}-original`}
          label="Gmail’s “Show original”"
          error={check.isError ? errorMessage(check.error, 'We could not read that message.') : undefined}
        >
          <Textarea
            id={`${id}-original`}
            rows={4}
            value={original}
            onChange={(event) => setOriginal(event.target.value)}
            aria-invalid={check.isError || undefined}
            className="font-mono text-xs"
          />
        </Field>
        <Button type="submit" size="sm" variant="secondary" disabled={check.isPending || original.trim() === ''}>
          {check.isPending ? 'Checking…' : 'Check'}
        </Button>
        {check.data && <Result answer={check.data} />}
      </form>
    </details>
  );
}
