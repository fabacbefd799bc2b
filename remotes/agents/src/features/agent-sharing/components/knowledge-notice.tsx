import { shareTargetKey, type ShareTarget } from '@assistant/contracts';
import { errorMessageText, LocalizedError, notifyError, notifySuccess, useLocale } from '@assistant/platform';
import { Button, type ShareDraft } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useAgentShareCheck } from '../api/check-agent-shares';
import { useShareKnowledge } from '../hooks/use-share-knowledge';

export interface KnowledgeNoticeProps {
  agentId: string;
  /** The share dialog's list as it is being edited. */
  draft: ShareDraft;
}

const bare = (target: ShareDraft['shares'][number]['target']): ShareTarget => (target.type === 'company' ? { type: 'company' } : { type: target.type, id: target.id });

/**
 * Above the share dialog's buttons: which of the agent's knowledge collections the people and
 * groups in the list may not read (the agent would answer them without those), with "Share them
 * too" for the collections the user may share; the others are for their owner or an
 * administrator to share. Nothing while everyone may read everything.
 */
export function KnowledgeNotice({ agentId, draft }: KnowledgeNoticeProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const targets = draft.shares.map((entry) => bare(entry.target));
  const check = useAgentShareCheck(agentId, targets);
  const sharing = useShareKnowledge(agentId);
  const gaps = targets.length === 0 ? [] : (check.data ?? []);
  if (gaps.length === 0) return null;

  const names = new Map(draft.shares.map((entry) => [shareTargetKey(entry.target), entry.target.type === 'company' ? t('sharing.company') : entry.target.name]));
  const shareable = gaps.filter((gap) => gap.can_share);
  const shareToo = async () => {
    try {
      await sharing.mutateAsync(shareable);
      notifySuccess({ message: { text: t('sharing.knowledge.shared', { count: shareable.length, names: shareable.map((gap) => gap.name).join(', ') }) } });
    } catch (error) {
      notifyError(new LocalizedError(t('sharing.knowledge.failed', { reason: errorMessageText(error, language) })));
    }
  };

  return (
    <div role="status" className="agent-sharing__notice">
      <p className="agent-sharing__notice-title">{t('sharing.knowledge.title')}</p>
      <ul className="agent-sharing__gaps">
        {gaps.map((gap) => (
          <li key={gap.id}>
            {t('sharing.knowledge.gap', {
              collection: gap.name,
              names: gap.not_readable_by.map((target) => names.get(shareTargetKey(target)) ?? '').filter(Boolean).join(', '),
            })}
            {!gap.can_share && <span className="agent-sharing__hint"> {t('sharing.knowledge.notYours')}</span>}
          </li>
        ))}
      </ul>
      {shareable.length > 0 && (
        <Button variant="secondary" size="sm" loading={sharing.isPending} onClick={() => void shareToo()}>
          {t('sharing.knowledge.shareToo', { count: shareable.length })}
        </Button>
      )}
    </div>
  );
}
