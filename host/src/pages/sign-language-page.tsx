import { currentLanguage, useConfigStore, useDocumentTitle } from '@assistant/platform';
import { EmptyState, PageHeader, SignLanguageIcon } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../app/shell-i18n';

/** Sign-language videos with captions, as administrators configure them in the customization. */
export function SignLanguagePage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const videos = useConfigStore((state) => state.config.customization.sign_language_videos);
  const language = currentLanguage();
  useDocumentTitle(t('SIGN_LANGUAGE.title'));

  return (
    <section className="shell-page">
      <PageHeader title={t('SIGN_LANGUAGE.title')} description={t('SIGN_LANGUAGE.intro')} />
      {videos.length === 0 ? (
        <EmptyState icon={<SignLanguageIcon />} title={t('SIGN_LANGUAGE.emptyTitle')} text={t('SIGN_LANGUAGE.emptyText')} />
      ) : (
        videos.map((video) => (
          <article key={video.id} className="shell-video" aria-labelledby={`video-${video.id}`}>
            <h2 id={`video-${video.id}`}>{video.title[language]}</h2>
            {video.description && <p>{video.description[language]}</p>}
            <video controls preload="metadata" poster={video.poster_url} src={video.video_url} className="shell-video__player">
              <track
                kind="captions"
                label={t('SIGN_LANGUAGE.captions')}
                srcLang={language}
                src={video.captions[language] ?? video.captions.de}
                default
              />
            </video>
          </article>
        ))
      )}
    </section>
  );
}
