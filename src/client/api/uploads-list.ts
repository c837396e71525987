import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { uploadsApi, type uploadedImageSchema } from '../../shared/api/uploads';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';

export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/**
 * The images the person uploaded: the account's Images & Assets tab and the editor's "Choose from
 * your images". Read-only here, so the editor does not load the cache's write shapes (api/uploads.ts).
 */
export const useUploads = () => useQuery({ queryKey: queryKeys.uploads, queryFn: () => callApi(uploadsApi.list) });
