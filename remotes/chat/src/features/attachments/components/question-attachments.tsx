import type { MessageAttachment } from '@assistant/contracts';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { QuestionImages, imagesOf } from '../../images';
import './attachments.css';

/**
 * The files a question was sent with, as chips with their names under the question in the
 * message list (also after a reload: the server keeps them with the message). Names are shown as
 * text, never as links. Images (by their names' extensions) are shown as pictures instead.
 */
export function QuestionAttachments({ attachments }: { attachments: readonly MessageAttachment[] | undefined }) {
  if (!attachments?.length) return null;
  const images = imagesOf(attachments);
  const documents = attachments.filter((attachment) => !images.includes(attachment));
  return (
    <>
      <QuestionImages images={images} />
      {documents.length > 0 && <DocumentChips documents={documents} />}
    </>
  );
}

function DocumentChips({ documents }: { documents: readonly MessageAttachment[] }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <ul className="question-attachments" aria-label={t('attachments.messageLabel')}>
      {documents.map((attachment) => (
        <li key={attachment.file_id} className="question-attachment" title={attachment.name}>
          <FileIcon />
          <span className="question-attachment__name">{attachment.name}</span>
        </li>
      ))}
    </ul>
  );
}

function FileIcon() {
  return (
    <svg className="question-attachment__icon" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 1.5h5l3 3v10H4z M9 1.5v3h3" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
    </svg>
  );
}
