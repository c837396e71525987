import { ImageIcon, Upload, X } from 'lucide-react';
import { useRef } from 'react';
import { normalizeUrl } from '../../../shared/signature/url-normalise';
import type { PhotoShape } from '../../../shared/signature/signature-schema';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast-store';
import { currentOrigin } from './use-rendered-signature';
import { useLogoUpload } from './use-logo-upload';

const SHAPE_RADIUS: Record<PhotoShape, string> = { square: 'rounded', rounded: 'rounded-lg', round: 'rounded-full' };

/** The logo thumbnail with its remove control, and the Upload Logo button. */
export function LogoPicker(props: {
  photoUrl: string;
  photoShape: PhotoShape;
  signedIn: boolean;
  signatureId: string | null;
  onChange: (photoUrl: string) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { uploading, uploadLogo } = useLogoUpload(props.signatureId, props.onChange);
  const src = props.photoUrl ? normalizeUrl(props.photoUrl, currentOrigin()) : '';

  const chooseFile = () => {
    if (!props.signedIn) {
      // Uploaded images are stored with an account; the draft is kept while the person signs up.
      openAuthDialog('signup');
      toast({ title: 'Sign up to upload images', description: 'Uploading a logo needs a free account. Your signature is kept while you sign up.' });
      return;
    }
    fileInput.current?.click();
  };

  return (
    <div className="flex items-center gap-4">
      <div className="relative shrink-0">
        {src ? (
          <img
            src={src}
            alt="Your logo"
            width={80}
            height={80}
            className={`h-20 w-20 border border-slate-200 bg-white object-cover ${SHAPE_RADIUS[props.photoShape]}`}
          />
        ) : (
          <div className="flex h-20 w-20 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-center text-slate-400">
            <ImageIcon className="h-6 w-6" aria-hidden="true" />
            {/* An embedded (data:) image cannot be shown or sent; it can only be removed. */}
            <span className="px-1 text-[11px] leading-tight">{props.photoUrl ? 'Not usable in Gmail' : 'No logo'}</span>
          </div>
        )}
        {props.photoUrl && (
          <button
            type="button"
            aria-label="Remove logo"
            onClick={() => props.onChange('')}
            className="absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:text-red-600"
          >
            <X className="h-3.5 w-3.5" aria-hidden="true" />
          </button>
        )}
      </div>
      <div className="grid flex-1 gap-1.5">
        <Button variant="secondary" onClick={chooseFile} disabled={uploading} aria-busy={uploading}>
          <Upload className="h-4 w-4" aria-hidden="true" />
          {uploading ? 'Uploading...' : 'Upload Logo'}
        </Button>
        <p className="text-xs text-slate-500">PNG, JPG or GIF, up to 5MB. Square images look best.</p>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          aria-label="Logo image file"
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            const file = event.target.files?.[0];
            // Cleared so that choosing the same file again still fires a change.
            event.target.value = '';
            if (file) void uploadLogo(file);
          }}
        />
      </div>
    </div>
  );
}
