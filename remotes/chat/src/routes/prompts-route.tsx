import { useDocumentTitle } from '@assistant/platform';
import { Link, useLocation } from '@assistant/routing';
import { PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { PromptLibrary } from '../features/prompts';
import { NAMESPACE } from '../namespace';

/** /chat/prompts: the prompt library (docs/prompts.md); "Use" opens the chat with a prompt in the message box. */
export default function PromptsRoute() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('prompts.title'));
  const chatPath = useLocation().pathname.replace(/\/+$/, '').replace(/\/prompts$/, '') || '/';
  return (
    <div className="remote-page prompts-page">
      <PageHeader
        title={t('prompts.title')}
        description={t('prompts.intro')}
        before={
          <Link to={chatPath} className="prompts-page__back">
            {t('prompts.back')}
          </Link>
        }
      />
      <PromptLibrary chatPath={chatPath} />
    </div>
  );
}
