import { useState } from 'react';
import { INVALID_IMAGE_FORMAT } from '../../../shared/signature/export-checks';
import { isDataOrBase64Url, normalizeUrl } from '../../../shared/signature/url-normalise';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/field';
import { toast } from '../../components/ui/toast-store';
import { currentOrigin } from './use-rendered-signature';

/**
 * The result of adding a typed image URL: the normalised URL, or the toast that says why not.
 * Kept apart from the component so the rule is easy to read and test.
 */
export function resolveImageUrl(value: string, origin: string): { url: string } | { error: { title: string; description: string } } {
  // Gmail shows no embedded images (spec section 5); refuse them before they reach the signature.
  if (isDataOrBase64Url(value)) {
    return { error: { title: INVALID_IMAGE_FORMAT.title, description: INVALID_IMAGE_FORMAT.description } };
  }
  const url = normalizeUrl(value, origin);
  if (url === '' || !/^https?:\/\//.test(url)) {
    return { error: { title: 'Invalid image URL', description: 'Please enter a full image address, such as https://example.com/logo.png.' } };
  }
  return { url };
}

export function ImageUrlField({ onAdd }: { onAdd: (url: string) => void }) {
  const [value, setValue] = useState('');

  const add = () => {
    if (value.trim() === '') return;
    const result = resolveImageUrl(value, currentOrigin());
    if ('error' in result) {
      toast({ ...result.error, variant: 'destructive' });
      return;
    }
    onAdd(result.url);
    setValue('');
    toast({ title: 'Image added', description: 'Your image is now in the preview.', variant: 'success' });
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
          onChange={(event) => setValue(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={value.trim() === ''} className="shrink-0">
          Add
        </Button>
      </div>
      <p id="image-url-hint" className="text-xs text-slate-500">
        Use HTTPS URLs only for Gmail: the image must be publicly reachable.
      </p>
    </div>
  );
}
