import type { SignLanguageVideo } from '@assistant/contracts';
import { Button, PlusIcon, TextField } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';

interface Props {
  videos: SignLanguageVideo[];
  /** The message for a wrong value at `<index>.<field>` (`0.video_url`, `1.title.de`). */
  errorOf?(field: string): string | undefined;
  onChange(videos: SignLanguageVideo[]): void;
}

/** Next free id of the form video-<n>: ids only need to be unique within the list. */
function nextId(videos: SignLanguageVideo[]): string {
  let n = videos.length + 1;
  while (videos.some((video) => video.id === `video-${n}`)) n += 1;
  return `video-${n}`;
}

/** The sign-language videos of the customization: title, video and captions per language. */
export function SignLanguageVideosEditor({ videos, errorOf = () => undefined, onChange }: Props) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const change = (index: number, next: Partial<SignLanguageVideo>) =>
    onChange(videos.map((video, i) => (i === index ? { ...video, ...next } : video)));

  return (
    <fieldset>
      <legend>{t('CUSTOMIZATION.videos')}</legend>
      <p>{t('CUSTOMIZATION.videosIntro')}</p>
      {videos.map((video, index) => (
        <fieldset key={video.id}>
          <legend>{t('CUSTOMIZATION.video', { number: index + 1 })}</legend>
          <TextField
            label={t('CUSTOMIZATION.videoTitleDe')}
            value={video.title.de}
            error={errorOf(`${index}.title.de`)}
            required
            onChange={(e) => change(index, { title: { ...video.title, de: e.target.value } })}
          />
          <TextField
            label={t('CUSTOMIZATION.videoTitleEn')}
            value={video.title.en}
            error={errorOf(`${index}.title.en`)}
            onChange={(e) => change(index, { title: { ...video.title, en: e.target.value } })}
          />
          <TextField
            label={t('CUSTOMIZATION.videoUrl')}
            type="url"
            required
            value={video.video_url}
            error={errorOf(`${index}.video_url`)}
            onChange={(e) => change(index, { video_url: e.target.value })}
          />
          <TextField
            label={t('CUSTOMIZATION.captionsDe')}
            description={t('CUSTOMIZATION.captionsHint')}
            type="url"
            required
            value={video.captions.de}
            error={errorOf(`${index}.captions.de`)}
            onChange={(e) => change(index, { captions: { ...video.captions, de: e.target.value } })}
          />
          <TextField
            label={t('CUSTOMIZATION.captionsEn')}
            type="url"
            value={video.captions.en ?? ''}
            error={errorOf(`${index}.captions.en`)}
            onChange={(e) => {
              const { en: _previous, ...rest } = video.captions;
              change(index, { captions: e.target.value ? { ...rest, en: e.target.value } : rest });
            }}
          />
          <Button variant="danger" size="sm" onClick={() => onChange(videos.filter((_, i) => i !== index))}>
            {t('CUSTOMIZATION.removeVideo', { number: index + 1 })}
          </Button>
        </fieldset>
      ))}
      <Button
        variant="secondary"
        icon={<PlusIcon />}
        onClick={() =>
          onChange([...videos, { id: nextId(videos), title: { de: '', en: '' }, video_url: '', captions: { de: '' } }])
        }
      >
        {t('CUSTOMIZATION.addVideo')}
      </Button>
    </fieldset>
  );
}
