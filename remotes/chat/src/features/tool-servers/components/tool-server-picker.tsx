import type { ToolServer } from '@assistant/endpoints';
import { Checkbox } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { PickedChips, PickerMenu } from '../../collection-picker';

export interface ToolServerPickerProps {
  servers: readonly ToolServer[];
  selected: readonly string[];
  onChange(selected: string[]): void;
  onOpen?(): void;
}

/** "Tools": a menu of the company's tool servers the answers of this conversation may use (`server_ids`). */
export function ToolServerPicker({ servers, selected, onChange, onOpen }: ToolServerPickerProps) {
  const { t } = useTranslation(NAMESPACE);
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...selected, id] : selected.filter((entry) => entry !== id));
  return (
    <PickerMenu label={selected.length > 0 ? t('toolServers.buttonCount', { count: selected.length }) : t('toolServers.button')} onOpen={onOpen} doneLabel={t('toolServers.done')}>
      <fieldset className="collection-picker__group">
        <legend>{t('toolServers.intro')}</legend>
        {servers.map((server) => (
          <Checkbox key={server.id} label={server.name} checked={selected.includes(server.id)} onChange={(event) => toggle(server.id, event.target.checked)} />
        ))}
      </fieldset>
    </PickerMenu>
  );
}

/** The picked tool servers as chips, each with a remove button. */
export function ToolServerChips({ servers, selected, onRemove }: { servers: readonly ToolServer[]; selected: readonly string[]; onRemove(id: string): void }) {
  const { t } = useTranslation(NAMESPACE);
  const picked = selected.flatMap((id) => servers.filter((server) => server.id === id));
  return <PickedChips label={t('toolServers.chipsLabel')} items={picked} removeLabel={(name) => t('toolServers.removeLabel', { name })} onRemove={onRemove} />;
}
