import type { MachineTranslation } from '@assistant/contracts';
import { Select } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

export interface EnginePickerProps {
  engines: readonly MachineTranslation[];
  value: string;
  onChange(id: string): void;
}

/** Which engine translates, by name; only shown when there is more than one. */
export function EnginePicker({ engines, value, onChange }: EnginePickerProps) {
  const { t } = useTranslation(NAMESPACE);
  if (engines.length < 2) return null;
  return (
    <Select
      className="translate-bar__engine"
      label={t('choices.engine')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      options={engines.map((engine) => ({ value: engine.id, label: engine.name }))}
    />
  );
}
