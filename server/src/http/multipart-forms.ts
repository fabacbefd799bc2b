import { UPLOAD_MAX_FILES_PER_REQUEST } from '@assistant/contracts';
import { z } from 'zod';

/**
 * The multipart/form-data body of an upload into a collection or a conversation (the handler
 * streams the parts; route config `multipartForm` documents it): one to UPLOAD_MAX_FILES_PER_REQUEST
 * files, under any field name (`files` by convention).
 */
export const uploadFormSchema = z.object({ files: z.array(z.file()).min(1).max(UPLOAD_MAX_FILES_PER_REQUEST) });
