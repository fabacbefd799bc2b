import { GROUP_RETENTION_KINDS, type MyRetentionResponse } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../../app/shell-i18n';

/** Each kind of the user's data with how long it is kept: "Conversations: kept for 90 days". */
export function RetentionList({ retention }: { retention: MyRetentionResponse }) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  return (
    <dl className="usage-page__retention">
      {GROUP_RETENTION_KINDS.map((kind) => {
        const days = retention.days[kind];
        return (
          <div key={kind} className="usage-page__retention-row">
            <dt>{t(`USAGE.retention.kinds.${kind}`)}</dt>
            <dd>{days === null ? t('USAGE.retention.forever') : t('USAGE.retention.days', { count: days })}</dd>
          </div>
        );
      })}
    </dl>
  );
}
