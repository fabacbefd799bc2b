import type { LanguageModel } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { modelTakesImages } from '../model/image-support';

/**
 * What the composer says about images: why the question cannot go yet when images are attached
 * and the chosen model takes none (said before sending; the server would refuse it too).
 */
export function useImageRules(models: readonly LanguageModel[], modelId: string | undefined, hasImages: boolean): { blockedReason: string | undefined } {
  const { t } = useTranslation(NAMESPACE);
  const model = models.find((entry) => entry.id === modelId);
  const blockedReason = hasImages && !modelTakesImages(models, modelId) ? t('images.modelWithout', { model: model?.name ?? modelId }) : undefined;
  return { blockedReason };
}
