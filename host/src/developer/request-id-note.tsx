import { copyTextWithNotice } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import './request-id-note.css';

/**
 * The server's id of a failed request under an error notification, in developer mode: what a bug
 * report quotes to find the server's log lines (docs/developer-mode.md). Copyable.
 */
export function RequestIdNote({ requestId }: { requestId: string }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const copy = () =>
    void copyTextWithNotice(requestId, {
      copied: { key: 'DEVELOPER.requestIdCopied', ns: SHELL_NAMESPACE },
      unavailable: { key: 'DEVELOPER.copyUnavailable', ns: SHELL_NAMESPACE },
    });
  return (
    <span className="request-id-note">
      <span>
        {t('DEVELOPER.requestId')} <code className="request-id-note__id">{requestId}</code>
      </span>
      <button type="button" className="request-id-note__copy" onClick={copy}>
        {t('DEVELOPER.copyRequestId')}
      </button>
    </span>
  );
}
