import { useDocumentTitle } from '@assistant/platform';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../namespace';
import ChatPage from './chat-page';

/** The chat route: the page, and the document title "Chat – <application name>". */
export default function ChatRoute() {
  const { t } = useTranslation(NAMESPACE);
  useDocumentTitle(t('title'));
  return <ChatPage />;
}
