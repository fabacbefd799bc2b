import { PERMISSION_DEVELOPER } from '@assistant/contracts/startup';
import { useDeveloperModeStore, usePermission } from '@assistant/platform';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/** An on/off entry of the menu the switch sits in (the user menu's UserMenuCheckbox). */
export type SwitchItem = ComponentType<{ checked: boolean; onChange: (checked: boolean) => void; children: ReactNode }>;

/**
 * Developer mode's switch (docs/developer-mode.md), for people who build on the assistant: on, each
 * answer shows its details, the chat offers its raw events as a download and error notifications
 * show the request id. Kept per user; shown only to users who may use it (the DeveloperMode
 * permission, which DEVELOPER_MODE_ROLE restricts). `item` draws it as its menu's entry.
 */
export function DeveloperModeSwitch({ item: Item }: { item: SwitchItem }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const allowed = usePermission(PERMISSION_DEVELOPER);
  const enabled = useDeveloperModeStore((state) => state.enabled);
  const setEnabled = useDeveloperModeStore((state) => state.setEnabled);
  if (allowed !== true) return null;
  return (
    <Item checked={enabled} onChange={setEnabled}>
      {t('DEVELOPER.mode')}
    </Item>
  );
}
