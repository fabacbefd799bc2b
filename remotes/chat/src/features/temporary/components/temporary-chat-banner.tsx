import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import '../temporary.css';

/** What a temporary chat is, above it while it is on: not kept anywhere, gone with the tab. */
export function TemporaryChatBanner() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div className="chat-temporary__banner" role="note" aria-labelledby="chat-temporary-title">
      <strong id="chat-temporary-title">{t('temporary.banner.title')}</strong> <span>{t('temporary.banner.text')}</span>
    </div>
  );
}
