import { uploadsApi } from '../../shared/api/uploads';
import { callApi } from '../lib/api-client';
import { queryKeys } from './keys';
import { useSave } from './cache';

export const useDeleteUpload = () =>
  useSave((id: string) => callApi(uploadsApi.remove, { params: { id } }), null, [queryKeys.uploads]);
