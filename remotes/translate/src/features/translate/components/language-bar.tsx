import type { MachineTranslation } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import type { TranslationChoices } from '../hooks/use-translation-choices';
import { NAMESPACE } from '../../../namespace';
import { EnginePicker } from './engine-picker';
import { FormalitySelect } from './formality-select';
import { LanguageSelect } from './language-select';
import { SwapButton } from './swap-button';

export interface LanguageBarProps {
  engines: readonly MachineTranslation[];
  choices: TranslationChoices;
  onSwap(): void;
}

/** Engine, source language, swap, target language and (where offered) formality. */
export function LanguageBar({ engines, choices, onSwap }: LanguageBarProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <fieldset className="translate-bar">
      <legend className="ui-visually-hidden">{t('choices.legend')}</legend>
      <EnginePicker engines={engines} value={choices.engine.id} onChange={choices.setEngine} />
      <LanguageSelect
        className="translate-bar__language"
        label={t('choices.source')}
        codes={choices.sources}
        value={choices.source}
        onChange={choices.setSource}
        withAuto
      />
      <SwapButton disabled={!choices.canSwap} onSwap={onSwap} />
      <LanguageSelect
        className="translate-bar__language"
        label={t('choices.target')}
        codes={choices.targets}
        value={choices.target}
        onChange={choices.setTarget}
      />
      {choices.formality !== undefined && <FormalitySelect value={choices.formality} onChange={choices.setFormality} />}
    </fieldset>
  );
}
