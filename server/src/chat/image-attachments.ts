import { IMAGE_ERRORS, IMAGE_MAX_PER_MESSAGE, isImageMediaType, type MessageAttachment } from '@assistant/contracts';
import type { ChatCompletionContentPart } from 'openai/resources/chat/completions';
import type { ChatMessage } from '../inference/model-provider';
import type { FileStorage } from '../ingestion/file-storage';

/** An attachment of the question that is an image (docs/chat.md "Images"). */
export interface AttachedImage {
  id: string;
  name: string;
  mediaType: string;
  storageKey: string;
}

/** What the model gets besides the question's text: its images as `image_url` parts, and every file it was sent with (kept with the question). */
export interface ImageInput {
  parts: ChatCompletionContentPart[];
  /** All of the question's attachments in the order they were attached (documents too), as stored with it. */
  files: MessageAttachment[];
}

/** The images among a question's attached files (the others are documents, searched as before). */
export function attachedImages<File extends { mediaType: string }>(attached: readonly File[]): File[] {
  return attached.filter((file) => isImageMediaType(file.mediaType));
}

/**
 * Why the images cannot go with this question, or undefined: more than IMAGE_MAX_PER_MESSAGE
 * (413, `limit` in files), or a model that does not accept images (400 images_not_supported;
 * `imageModels` as GET qa/resources says them).
 */
export function imageRefusal(
  images: readonly AttachedImage[],
  model: string,
  imageModels: ReadonlySet<string>,
): { status: number; code: (typeof IMAGE_ERRORS)[keyof typeof IMAGE_ERRORS]['code']; message: string; limit?: { value: number; unit: 'files' } } | undefined {
  if (images.length === 0) return undefined;
  if (images.length > IMAGE_MAX_PER_MESSAGE) {
    const { statusCode, code, message } = IMAGE_ERRORS.tooManyImages;
    return { status: statusCode, code, message, limit: { value: IMAGE_MAX_PER_MESSAGE, unit: 'files' } };
  }
  if (!imageModels.has(model)) {
    const { statusCode, code } = IMAGE_ERRORS.modelWithoutImages;
    return { status: statusCode, code, message: `The model "${model}" does not accept images; choose a model that does, or remove the images` };
  }
  return undefined;
}

/**
 * The images as OpenAI `image_url` parts with `data:` URLs (base64 of the stored bytes: the model
 * server cannot fetch from us, and a link would outlive the conversation's deletion).
 */
export async function imageInput(storage: Pick<FileStorage, 'read'>, images: readonly AttachedImage[], files: MessageAttachment[]): Promise<ImageInput> {
  const parts = await Promise.all(
    images.map(async (image): Promise<ChatCompletionContentPart> => {
      const bytes = await storage.read(image.storageKey);
      return { type: 'image_url', image_url: { url: `data:${image.mediaType};base64,${bytes.toString('base64')}` } };
    }),
  );
  return { parts, files };
}

/**
 * The prompt with the images added to its last user message (the new question, grounded or
 * not): its text first, then the images. Earlier questions' images are not sent again (only
 * their text is in the history), so each answer pays for the images of its own question only.
 */
export function withImages(messages: ChatMessage[], images: ImageInput | undefined): ChatMessage[] {
  if (!images || images.parts.length === 0) return messages;
  const last = messages.findLastIndex((message) => message.role === 'user');
  if (last < 0) return messages;
  const question = messages[last]!;
  const text = typeof question.content === 'string' ? [{ type: 'text' as const, text: question.content }] : (question.content as ChatCompletionContentPart[]);
  return messages.map((message, index) => (index === last ? { role: 'user', content: [...text, ...images.parts] } : message));
}
