import { useTranslation } from 'react-i18next';
import type { TranslateFailure } from '../model/describe-translate-error';
import { NAMESPACE } from '../../../namespace';

/** Why the translation failed, in the interface language, with the server's own message. */
export function TranslateFailureAlert({ failure }: { failure: TranslateFailure }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div role="alert" className="translate-failure">
      <p className="translate-failure__title">{t(`errors.${failure.kind}`)}</p>
      {failure.detail && <p className="translate-failure__detail">{failure.detail}</p>}
      <p className="translate-failure__hint">{t('errors.inputKept')}</p>
    </div>
  );
}
