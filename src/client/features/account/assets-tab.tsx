import { ImageIcon, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { formatDate, LoadError, SectionCard, Spinner, saveWithToast } from './account-ui';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { LogoForm } from './logo-form';
import { useOrganization } from '../../api/teams';
import { useDeleteUpload } from '../../api/uploads';
import { useUploads, type UploadedImage } from '../../api/uploads-list';

const kb = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${Math.round(bytes / 1024)} KB`);

function ImageCard({ image }: { image: UploadedImage }) {
  const remove = useDeleteUpload();
  const onDelete = async () => {
    await saveWithToast(() => remove.mutateAsync(image.id), {
      title: 'Image deleted',
      description: 'Signatures that used it no longer show it.',
    });
  };
  return (
    <li className="relative overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="uploaded-image">
      <div className="flex aspect-[4/3] items-center justify-center bg-[repeating-conic-gradient(#f8fafc_0_25%,#fff_0_50%)] bg-[length:16px_16px] p-3">
        <img src={image.objectPath} alt="" loading="lazy" className="max-h-full max-w-full object-contain" />
      </div>
      <div className="absolute right-1.5 top-1.5">
        <ConfirmDialog
          trigger={
            <Button
              variant="secondary"
              size="sm"
              aria-label="Delete image"
              className="h-8 w-8 px-0! text-red-600! shadow-sm hover:bg-red-50!"
            >
              <Trash2 className="h-4 w-4 shrink-0" aria-hidden="true" />
            </Button>
          }
          title="Delete this image?"
          description="It is removed from our servers. A signature already pasted into Gmail that uses it will show a broken image."
          confirmLabel="Delete image"
          busy={remove.isPending}
          onConfirm={onDelete}
        />
      </div>
      <div className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">
        <p className="font-medium text-slate-700">
          {image.width}×{image.height} · {kb(image.bytes)}
        </p>
        <p>{formatDate(image.createdAt)}</p>
      </div>
    </li>
  );
}

export function AssetsTab() {
  const uploads = useUploads();
  const org = useOrganization();
  return (
    <div className="grid gap-6">
      {org.isPending ? (
        <Spinner />
      ) : org.isError ? (
        <LoadError error={org.error} retry={() => org.refetch()} />
      ) : (
        <LogoForm org={org.data} />
      )}
      <SectionCard
        id="images"
        title="Your images"
        description="Images you uploaded in the editor. They are served to everyone who receives your email."
      >
        {uploads.isPending ? (
          <Spinner />
        ) : uploads.isError ? (
          <LoadError error={uploads.error} retry={() => uploads.refetch()} />
        ) : uploads.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-10 text-center">
            <ImageIcon className="h-6 w-6 text-slate-400" aria-hidden="true" />
            <p className="text-sm text-slate-600">You have not uploaded any images yet.</p>
            <Link to="/editor" className="text-sm font-medium text-brand hover:underline">
              Upload a logo or photo in the editor
            </Link>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {uploads.data.map((image) => (
              <ImageCard key={image.id} image={image} />
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}
