import { AGENT_ICONS, type AgentIcon } from '@assistant/contracts';
import { AgentIcon as AgentIconImage, VisuallyHidden } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { FieldGroup } from './field-group';

export interface IconPickerProps {
  id: string;
  value: AgentIcon;
  error?: string | undefined;
  onChange(icon: AgentIcon): void;
}

/** The agent's icon: a radio group (arrow keys move the choice), each icon named for screen readers. */
export function IconPicker({ id, value, error, onChange }: IconPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <FieldGroup id={id} legend={t('form.icon')} error={error}>
      <div className="agent-icon-picker">
        {AGENT_ICONS.map((icon) => (
          <label key={icon} className="agent-icon-option" title={t(`icons.${icon}`)}>
            <input type="radio" name={`${id}-choice`} value={icon} checked={value === icon} onChange={() => onChange(icon)} className="agent-icon-option__input" />
            <AgentIconImage name={icon} />
            <VisuallyHidden>{t(`icons.${icon}`)}</VisuallyHidden>
          </label>
        ))}
      </div>
    </FieldGroup>
  );
}
