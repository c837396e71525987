import { useId, useState } from 'react';
import { normaliseHexColor } from '../../../shared/signature/colour-choices';

/** What the hex field holds once typed: a leading # may be left out. */
const asHex = (typed: string) => normaliseHexColor(typed.trim().startsWith('#') ? typed.trim() : `#${typed.trim()}`);

/**
 * A colour of one's own beside the swatches: the browser's colour picker and a hex field, both
 * setting the same colour (decision 0186). The field saves as soon as it holds a whole colour; what
 * is left that is not one is named under it when the person leaves the field, and never saved.
 */
export function CustomColourField(props: { label: string; value: string; onChange: (colour: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(props.value);
  const [shown, setShown] = useState(props.value);
  const [error, setError] = useState<string | null>(null);
  // A swatch or the picker changed the colour: the field shows it (what is being typed is left alone).
  if (props.value !== shown) {
    setShown(props.value);
    if (asHex(draft) !== props.value) setDraft(props.value);
  }
  const type = (typed: string) => {
    setDraft(typed);
    setError(null);
    const hex = asHex(typed);
    // Three digits are also the start of six: a whole colour is saved only at six, or on leaving.
    if (hex && typed.replace('#', '').trim().length === 6 && hex !== props.value) props.onChange(hex);
  };
  const leave = () => {
    const hex = asHex(draft);
    if (!hex) return setError('Enter a colour as # and six hex digits, like #135dbe');
    setDraft(hex);
    if (hex !== props.value) props.onChange(hex);
  };
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <input
          type="color"
          aria-label={`${props.label}: pick any colour`}
          value={props.value}
          onChange={(e) => props.onChange(e.target.value.toLowerCase())}
          className="h-9 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          Custom colour (hex)
        </label>
        <input
          id={id}
          // The visible words, and which colour they set: two such fields sit on the tab.
          aria-label={`${props.label}: custom colour (hex)`}
          value={draft}
          onChange={(e) => type(e.target.value)}
          onBlur={leave}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              leave();
            }
          }}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          aria-invalid={error !== null}
          aria-describedby={error ? `${id}-error` : undefined}
          className="h-9 w-28 rounded-md border border-slate-300 px-2 font-mono text-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-500"
        />
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
