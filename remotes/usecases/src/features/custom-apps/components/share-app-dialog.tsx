import type { CustomApp } from '@assistant/contracts';
import { customAppKeys, useShareDialog } from '@assistant/endpoints';
import { useQueryClient } from '@assistant/platform';
import { ShareDialog } from '@assistant/ui';

export interface ShareAppDialogProps {
  app: Pick<CustomApp, 'id' | 'name'>;
  onClose(): void;
}

/**
 * The UI kit's share dialog for a custom app (docs/custom-apps.md "Sharing"): people and groups
 * get "can view" (run and copy it) or "can edit" (save new versions). Closing it asks the apps
 * again, so their "shared with" badges follow.
 */
export function ShareAppDialog({ app, onClose }: ShareAppDialogProps) {
  const share = useShareDialog('custom_app', app.id);
  const client = useQueryClient();
  const close = () => {
    void client.invalidateQueries({ queryKey: customAppKeys.all });
    onClose();
  };
  return <ShareDialog {...share} open onClose={close} itemName={app.name} owner="you" />;
}
