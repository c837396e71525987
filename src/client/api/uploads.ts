import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { uploadsApi, type uploadedImageSchema } from '../../shared/api/uploads';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';
import { useSave } from './cache';

export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** The images the person uploaded (the account's Assets tab). */
export const useUploads = () => useQuery({ queryKey: queryKeys.uploads, queryFn: () => callApi(uploadsApi.list) });

export const useDeleteUpload = () =>
  useSave((id: string) => callApi(uploadsApi.remove, { params: { id } }), null, [queryKeys.uploads]);
