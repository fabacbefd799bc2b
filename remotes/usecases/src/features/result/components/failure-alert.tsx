import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { formatLimit, type UseCaseFailure } from '../model/failure';

/** A failure as an alert: the localized title by its kind (with a 413's limit), then the server's sentence. */
export function FailureAlert({ failure, keptOutput = false }: { failure: UseCaseFailure; keptOutput?: boolean }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const limit = failure.limit ? formatLimit(failure.limit, i18n.language) : undefined;
  return (
    <div role="alert" className="usecases__failure">
      <p className="usecases__failure-title">
        {failure.kind === 'too-large' && limit ? t('errors.too-large-limit', { limit }) : t(`errors.${failure.kind}`)}
      </p>
      {failure.detail && <p>{failure.detail}</p>}
      {keptOutput && <p>{t('result.incompleteKept')}</p>}
    </div>
  );
}
