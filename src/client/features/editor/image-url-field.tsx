import { useEffect, useRef, useState } from 'react';
import { INVALID_IMAGE_FORMAT } from '../../../shared/signature/export-checks';
import { isDataOrBase64Url, normalizeUrl } from '../../../shared/signature/url-normalise';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { setUnappliedImageUrl, trackPendingEdit } from './pending-edits';
import { rehostImageUrl } from './upload-image';
import { currentOrigin } from './use-rendered-signature';

/**
 * The result of adding a typed image URL: the normalised URL, or the toast that says why not.
 * Kept apart from the component so the rule is easy to read and test.
 */
export function resolveImageUrl(
  value: string,
  origin: string,
): { url: string } | { error: { title: string; description: string } } {
  // Gmail shows no embedded images (spec section 5); refuse them before they reach the signature.
  if (isDataOrBase64Url(value)) {
    return { error: { title: INVALID_IMAGE_FORMAT.title, description: INVALID_IMAGE_FORMAT.description } };
  }
  const url = normalizeUrl(value, origin);
  if (url === '' || !/^https?:\/\//.test(url)) {
    return {
      error: {
        title: 'Invalid image URL',
        description: 'Please enter a full image address, such as https://example.com/logo.png.',
      },
    };
  }
  return { url };
}

/**
 * An image address typed or pasted: checked here, then fetched once by the server and stored
 * like an upload, so the signature never depends on someone else's server (or share page).
 */
export function ImageUrlField(props: { signedIn: boolean; signatureId: string | null; onAdd: (url: string) => void }) {
  const [value, setValue] = useState('');
  const [fetching, setFetching] = useState(false);
  // Leaving the field by clicking Add blurs it first: one add, not two.
  const busy = useRef(false);
  const edit = (next: string) => {
    setValue(next);
    setUnappliedImageUrl(next);
  };
  useEffect(() => () => setUnappliedImageUrl(''), []);

  /** Adds what was typed: on Enter, on Add, and (`leaving`) when the field loses focus. */
  const add = async (leaving = false) => {
    if (value.trim() === '' || busy.current) return;
    const result = resolveImageUrl(value, currentOrigin());
    if ('error' in result) {
      toast({ ...result.error, variant: 'destructive' });
      return;
    }
    if (!props.signedIn) {
      // Leaving the field does not open sign-up on its own; an export says the image is not added.
      if (leaving) return;
      // Fetched images are stored with an account, like uploads; what was typed stays in the field.
      openAuthDialog('signup');
      toast({
        title: 'Sign up to add images',
        description: 'Adding a logo needs a free account. Your signature is kept while you sign up.',
      });
      return;
    }
    busy.current = true;
    setFetching(true);
    setUnappliedImageUrl('');
    try {
      // An export clicked meanwhile waits for the new photoUrl (pending-edits.ts).
      const { note } = await trackPendingEdit(
        rehostImageUrl(result.url, props.signatureId).then((attached) => {
          props.onAdd(attached.objectPath);
          return attached;
        }),
      );
      edit('');
      toast({
        title: 'Image added',
        description: note ?? 'We saved a copy of the image; it is now in the preview.',
        variant: 'success',
      });
    } catch (error) {
      // The field keeps what was typed, so it can be corrected; an export says it is not added.
      setUnappliedImageUrl(value);
      toast({
        title: 'Image not added',
        description: errorMessage(error, 'We could not fetch that image. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      busy.current = false;
      setFetching(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <label htmlFor="image-url" className="text-sm font-medium text-slate-700">
        Image URL
      </label>
      <div className="flex gap-2">
        <Input
          id="image-url"
          type="url"
          inputMode="url"
          value={value}
          placeholder="https://example.com/logo.png"
          aria-describedby="image-url-hint"
          onChange={(event) => edit(event.target.value)}
          onBlur={() => void add(true)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void add();
            }
          }}
        />
        <Button
          variant="secondary"
          onClick={() => void add()}
          disabled={value.trim() === '' || fetching}
          aria-busy={fetching}
          className="shrink-0"
        >
          {fetching ? 'Adding...' : 'Add'}
        </Button>
      </div>
      <p id="image-url-hint" className="text-xs text-slate-500">
        A public image address, or a Google Drive or Dropbox share link. We keep a copy, so Gmail always finds it.
      </p>
    </div>
  );
}
