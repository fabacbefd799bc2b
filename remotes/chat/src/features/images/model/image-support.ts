import { BYTES_PER_MEGABYTE, IMAGE_MAX_BYTES, isImageFile, type LanguageModel, type MessageAttachment } from '@assistant/contracts';

/** An image's size limit in MB, for the attach button's description. */
export const IMAGE_MAX_MB = IMAGE_MAX_BYTES / BYTES_PER_MEGABYTE;

/**
 * Whether the model a question goes to takes images (GET qa/resources: `accepts_images`). With no
 * model chosen yet (the list loading, or an agent's own model), the server decides when it is sent.
 */
export function modelTakesImages(models: readonly LanguageModel[], modelId: string | undefined): boolean {
  const model = models.find((entry) => entry.id === modelId);
  return model === undefined || model.accepts_images === true;
}

/**
 * The images among a question's files (told by their names' extensions): a regenerated or retried
 * answer sends them again, since the answer is about them (its documents are not sent again).
 */
export function imagesOf(attachments: readonly MessageAttachment[] | undefined): MessageAttachment[] {
  return (attachments ?? []).filter((attachment) => isImageFile({ name: attachment.name }));
}
