import { Dialog } from '../../components/ui/dialog';
import { useUploads } from '../../api/uploads-list';

/**
 * "Choose from your images": the images the person uploaded (listed under Images & Assets in the
 * account), any of which becomes the signature's logo again without uploading it twice. Loaded on
 * the first press of its button (decision 0187).
 */
export default function ImageChooser(props: { onChoose: (objectPath: string) => void; onClose: () => void }) {
  const uploads = useUploads();
  const images = uploads.data ?? [];
  return (
    <Dialog open onClose={props.onClose} title="Choose from your images" closeButton>
      <div className="mt-4">
        {uploads.isPending ? (
          <p className="text-sm text-slate-600">Loading your images…</p>
        ) : uploads.isError ? (
          <p role="alert" className="text-sm text-red-700">
            Your images could not be loaded. Close this and try again.
          </p>
        ) : images.length === 0 ? (
          <p className="text-sm text-slate-600">No images yet: the ones you upload are kept here to use again.</p>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Your images">
            {images.map((image, i) => (
              <li key={image.id}>
                <button
                  type="button"
                  onClick={() => props.onChoose(image.objectPath)}
                  aria-label={`Use image ${i + 1} (${image.width}×${image.height})`}
                  className="flex aspect-square w-full items-center justify-center rounded-lg border border-slate-200 bg-slate-50 p-2 hover:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40"
                >
                  <img src={image.objectPath} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dialog>
  );
}
