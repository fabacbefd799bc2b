import type { LanguageModel } from '@assistant/contracts';
import { useChatPreferencesStore } from '@assistant/platform';
import { Select, Switch } from '@assistant/ui';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface ModelPickerProps {
  models: readonly LanguageModel[];
  /** The model the next question goes to; undefined: the first on offer. */
  model: string | undefined;
  onModelChange(model: string): void;
  think: boolean;
  onThinkChange(think: boolean): void;
}

/**
 * The top bar's model select (each model by its name; its label is read out, the select shows
 * the name; the chosen one's description beside it where the endpoint gives one) and the Think
 * switch. Both choices are the user's: kept in the platform's
 * per-user chat preferences and handed to the view again when it opens, as long as the model is
 * still on offer.
 */
export function ModelPicker({ models, model, onModelChange, think, onThinkChange }: ModelPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const storedModel = useChatPreferencesStore((state) => state.model);
  const storedThink = useChatPreferencesStore((state) => state.think);
  const setPreferences = useChatPreferencesStore((state) => state.setPreferences);

  // The kept choice wins (another user's, or one made in another view); one no longer on offer is the first model.
  useEffect(() => {
    const kept = models.some((entry) => entry.id === storedModel) ? storedModel : models[0]?.id;
    if (kept && kept !== model) onModelChange(kept);
  }, [storedModel, model, models, onModelChange]);
  useEffect(() => {
    if (storedThink !== think) onThinkChange(storedThink);
  }, [storedThink, think, onThinkChange]);

  const chosen = models.find((entry) => entry.id === model) ?? models[0];
  return (
    <>
      {models.length > 0 && (
        <Select
          label={t('conversation.composer.model')}
          hideLabel
          description={chosen?.description}
          value={chosen?.id}
          options={models.map((entry) => ({ value: entry.id, label: entry.accepts_images ? t('images.modelOption', { name: entry.name }) : entry.name }))}
          onChange={(event) => {
            setPreferences({ model: event.target.value });
            onModelChange(event.target.value);
          }}
          className="conversation__model"
        />
      )}
      <Switch
        label={t('conversation.composer.think')}
        checked={think}
        onChange={(event) => {
          setPreferences({ think: event.target.checked });
          onThinkChange(event.target.checked);
        }}
      />
    </>
  );
}
