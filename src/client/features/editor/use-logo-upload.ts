import { useState } from 'react';
import { toast } from '../../lib/toast-store';
import { errorMessage } from '../../lib/api';
import { trackPendingEdit } from './pending-edits';
import { FILE_TOO_LARGE, MAX_UPLOAD_BYTES, UPLOAD_FAILED, uploadSignatureImage } from './upload-image';

/** Uploads a logo and hands its public path back; toasts say how it went. */
export function useLogoUpload(signatureId: string | null, onUploaded: (objectPath: string) => void) {
  const [uploading, setUploading] = useState(false);

  async function uploadLogo(file: File) {
    // Checked here first so a large file never starts a request.
    if (file.size > MAX_UPLOAD_BYTES) {
      toast({ ...FILE_TOO_LARGE, variant: 'destructive' });
      return;
    }
    setUploading(true);
    try {
      // An export clicked meanwhile waits for the new photoUrl (pending-edits.ts).
      const { note } = await trackPendingEdit(
        uploadSignatureImage(file, signatureId).then((attached) => {
          onUploaded(attached.objectPath);
          return attached;
        }),
      );
      toast({ title: 'Image uploaded', description: note ?? 'Your logo is now in the preview.', variant: 'success' });
    } catch (error) {
      toast({
        title: UPLOAD_FAILED.title,
        description: errorMessage(error, UPLOAD_FAILED.fallback),
        variant: 'destructive',
      });
    } finally {
      setUploading(false);
    }
  }

  return { uploading, uploadLogo };
}
