import { BYTES_PER_MEGABYTE, IMAGE_MAX_BYTES, type LanguageModel } from '@assistant/contracts';

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
