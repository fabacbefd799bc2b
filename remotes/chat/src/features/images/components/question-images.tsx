import type { MessageAttachment } from '@assistant/contracts';
import { useQuery } from '@assistant/platform';
import { Dialog } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { imageQuery } from '../api/get-image';
import { useObjectUrl } from '../hooks/use-object-url';
import './images.css';

/**
 * The images a question was sent with, under its text: thumbnails (the stored bytes fetched with
 * the user's token and shown through object URLs) that open the image larger in a dialog. Each
 * image's alt text is its file name.
 */
export function QuestionImages({ images }: { images: readonly MessageAttachment[] }) {
  const { t } = useTranslation(NAMESPACE);
  const [open, setOpen] = useState<MessageAttachment>();
  if (images.length === 0) return null;
  return (
    <>
      <ul className="question-images" aria-label={t('images.messageLabel')}>
        {images.map((image) => (
          <li key={image.file_id}>
            <QuestionImage image={image} onOpen={() => setOpen(image)} />
          </li>
        ))}
      </ul>
      {open && <ImageDialog image={open} onClose={() => setOpen(undefined)} />}
    </>
  );
}

function QuestionImage({ image, onOpen }: { image: MessageAttachment; onOpen(): void }) {
  const { t } = useTranslation(NAMESPACE);
  const { data, isError } = useQuery(imageQuery(image.file_id));
  const url = useObjectUrl(data);
  if (isError) {
    return (
      <span className="question-image question-image--failed" title={image.name}>
        {t('images.failed', { name: image.name })}
      </span>
    );
  }
  if (!url) return <span className="question-image question-image--loading" role="img" aria-label={t('images.loading', { name: image.name })} aria-busy="true" />;
  return (
    <button type="button" className="question-image" onClick={onOpen} aria-label={t('images.open', { name: image.name })} title={image.name}>
      <img src={url} alt={image.name} />
    </button>
  );
}

function ImageDialog({ image, onClose }: { image: MessageAttachment; onClose(): void }) {
  const { data } = useQuery(imageQuery(image.file_id));
  const url = useObjectUrl(data);
  return (
    <Dialog open onClose={onClose} title={image.name} size="lg" className="image-dialog">
      {url && <img className="image-dialog__image" src={url} alt={image.name} />}
    </Dialog>
  );
}
