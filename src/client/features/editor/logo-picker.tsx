import { ImageIcon, Images, Upload, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { IMAGE_DENSITY, imageGeometry, type ImageGeometry } from '../../../shared/signature/image-geometry';
import { safeImageSrc } from '../../../shared/signature/url-normalise';
import type { ImageKind, PhotoShape } from '../../../shared/signature/signature-schema';
import { openAuthDialog } from '../../components/auth-dialog/auth-dialog-store';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast-store';
import { toastRemoval } from '../../lib/removal-toast';
import { currentOrigin } from './use-rendered-signature';
import { useLogoUpload } from './use-logo-upload';

/** The person's uploaded images, on the first press of "Choose from your images" (decision 0187). */
const ImageChooser = lazy(() => import('./image-chooser'));

type Pixels = { src: string; width: number; height: number };

/**
 * The note for an image with fewer pixels than twice its size in the signature, or null. It is
 * accepted (some logos only exist small), but the person should know it looks soft on sharp screens.
 */
export function resolutionNote(geometry: ImageGeometry, natural: { width: number; height: number }): string | null {
  const shownHeight = geometry.height ?? Math.round((geometry.width * natural.height) / Math.max(1, natural.width));
  const neededWidth = geometry.width * IMAGE_DENSITY;
  if (natural.width >= neededWidth * 0.98) return null;
  return `This image has ${natural.width}×${natural.height} pixels for ${geometry.width}×${shownHeight} in the signature, so it looks soft on high-density screens. Upload one at least ${neededWidth}×${shownHeight * IMAGE_DENSITY} pixels for a sharp result.`;
}

/** The image exactly as the signature shows it: the file for the chosen shape, at its real size. */
function ImagePreview(props: { geometry: ImageGeometry; onPixels: (pixels: Pixels) => void }) {
  const { geometry } = props;
  return (
    <img
      src={geometry.src}
      alt="Your logo"
      width={geometry.width}
      height={geometry.height ?? undefined}
      style={{ width: geometry.width, height: geometry.height ?? 'auto' }}
      className="block max-w-none"
      onLoad={(event) =>
        props.onPixels({
          src: geometry.src,
          width: event.currentTarget.naturalWidth,
          height: event.currentTarget.naturalHeight,
        })
      }
    />
  );
}

/** The logo thumbnail with its remove control, and the Upload Logo button. */
export function LogoPicker(props: {
  photoUrl: string;
  photoShape: PhotoShape;
  imageKind?: ImageKind;
  signedIn: boolean;
  signatureId: string | null;
  onChange: (photoUrl: string) => void;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const { uploading, uploadLogo } = useLogoUpload(props.signatureId, props.onChange);
  const src = props.photoUrl ? safeImageSrc(props.photoUrl, currentOrigin()) : '';
  // The preview shows the still file: Animate only changes what recipients get.
  const geometry = src ? imageGeometry(src, props.photoShape, false, { kind: props.imageKind }) : null;
  const [pixels, setPixels] = useState<Pixels | null>(null);
  const [choosing, setChoosing] = useState(false);
  const note = geometry && pixels?.src === geometry.src ? resolutionNote(geometry, pixels) : null;

  const chooseFile = () => {
    if (!props.signedIn) {
      // Uploaded images are stored with an account; the draft is kept while the person signs up.
      openAuthDialog('signup');
      toast({
        title: 'Sign up to upload images',
        description: 'Uploading a logo needs a free account. Your signature is kept while you sign up.',
      });
      return;
    }
    fileInput.current?.click();
  };

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-4">
        <div className="relative shrink-0" data-testid="logo-thumbnail">
          {geometry ? (
            <div className="rounded-md border border-slate-200 bg-white p-1">
              <ImagePreview geometry={geometry} onPixels={setPixels} />
            </div>
          ) : (
            <div className="flex h-20 w-20 flex-col items-center justify-center gap-1 rounded-lg border border-dashed border-slate-300 bg-slate-50 text-center text-slate-400">
              <ImageIcon className="h-6 w-6" aria-hidden="true" />
              {/* An embedded (data:) image cannot be shown or sent; it can only be removed. */}
              <span className="px-1 text-[11px] leading-tight">
                {props.photoUrl ? 'Not usable in Gmail' : 'No logo'}
              </span>
            </div>
          )}
          {props.photoUrl && (
            <button
              type="button"
              aria-label="Remove logo"
              onClick={() => {
                const removed = props.photoUrl;
                props.onChange('');
                toastRemoval('Logo removed', () => props.onChange(removed));
              }}
              className="absolute -right-2 -top-2 flex h-6 w-6 items-center justify-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-sm hover:text-red-600"
            >
              <X className="h-3.5 w-3.5" aria-hidden="true" />
            </button>
          )}
        </div>
        <div className="grid flex-1 gap-1.5">
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={chooseFile} disabled={uploading} aria-busy={uploading}>
              <Upload className="h-4 w-4" aria-hidden="true" />
              {uploading ? 'Uploading...' : 'Upload Logo'}
            </Button>
            {props.signedIn && (
              <Button variant="secondary" onClick={() => setChoosing(true)} disabled={uploading}>
                <Images className="h-4 w-4" aria-hidden="true" />
                Choose from your images
              </Button>
            )}
          </div>
          {choosing && (
            <Suspense fallback={null}>
              <ImageChooser
                onClose={() => setChoosing(false)}
                onChoose={(objectPath) => {
                  setChoosing(false);
                  props.onChange(objectPath);
                  toast({ title: 'Logo chosen', description: 'Your image is now in the preview.', variant: 'success' });
                }}
              />
            </Suspense>
          )}
          <p className="text-xs text-slate-500">
            PNG, JPG, GIF or WebP, up to 5MB. A square-ish image asks: logo (shown whole) or photo (the photo shape,
            Design).
          </p>
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
      {note && (
        <p
          role="note"
          data-testid="image-resolution-note"
          className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900"
        >
          {note}
        </p>
      )}
    </div>
  );
}
