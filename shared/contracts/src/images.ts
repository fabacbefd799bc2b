import type { ApiErrorCode } from './api-error';
import { fileExtension } from './upload-rules';

/**
 * Images sent with a chat question (docs/chat.md "Images"): screenshots and photos uploaded into
 * the conversation like its other attachments, but handed to the model as they are (OpenAI
 * `image_url` parts), never read as text. The browser checks a file with these rules before it
 * sends it, the server again by its content.
 */

/** The image types a question may carry, by media type, with the extensions that name them. */
export const IMAGE_TYPES = {
  'image/png': { name: 'PNG', extensions: ['png'] },
  'image/jpeg': { name: 'JPEG', extensions: ['jpg', 'jpeg'] },
  'image/webp': { name: 'WebP', extensions: ['webp'] },
  'image/gif': { name: 'GIF', extensions: ['gif'] },
} as const;
export type ImageMediaType = keyof typeof IMAGE_TYPES;
export const IMAGE_MEDIA_TYPES = Object.keys(IMAGE_TYPES) as ImageMediaType[];

/**
 * Largest image, in bytes (10 MB of 1024 x 1024). A model gets it base64-encoded inside the
 * request, a third larger; the usual hosted limit per image is 20 MB.
 */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Images one question may carry (vLLM, for example, limits images per prompt; a few is what people paste). */
export const IMAGE_MAX_PER_MESSAGE = 4;

/** The file dialog's `accept` for images: media types and extensions. */
export const IMAGE_ACCEPT = IMAGE_MEDIA_TYPES.flatMap((type) => [type, ...IMAGE_TYPES[type].extensions.map((extension) => `.${extension}`)]).join(',');

/** Whether a media type (parameters ignored, any case) is one of the image types. */
export function isImageMediaType(mediaType: string | undefined): mediaType is ImageMediaType {
  return (mediaType ?? '').split(';')[0]!.trim().toLowerCase() in IMAGE_TYPES;
}

/**
 * Whether a file is an image a question may carry: by the browser's media type (a pasted
 * screenshot is often named "image.png", sometimes not at all), else by the name's extension.
 */
export function isImageFile(file: { name: string; type?: string }): boolean {
  if (file.type) return isImageMediaType(file.type);
  const extension = fileExtension(file.name);
  return IMAGE_MEDIA_TYPES.some((type) => (IMAGE_TYPES[type].extensions as readonly string[]).includes(extension));
}

/** Whether `size` bytes are over IMAGE_MAX_BYTES. */
export function isOverImageLimit(size: number): boolean {
  return size > IMAGE_MAX_BYTES;
}

/** The refusals of a question with images, as the server sends them (`code` is what clients branch on). */
export const IMAGE_ERRORS = {
  /** The chosen model does not accept images (GET qa/resources says which do: `accepts_images`). */
  modelWithoutImages: { statusCode: 400, code: 'images_not_supported', message: 'The chosen model does not accept images; choose a model that does, or remove the images' },
  /** More than IMAGE_MAX_PER_MESSAGE images with one question. */
  tooManyImages: { statusCode: 413, code: 'payload_too_large', message: `Send at most ${IMAGE_MAX_PER_MESSAGE} images with one question` },
} as const satisfies Record<string, { statusCode: number; code: ApiErrorCode; message: string }>;
