import type { TFunction } from 'i18next';
import type { AttachmentProblem } from '../model/attachment-item';

/** Why an attachment was not sent or failed, for the user; the server's own message for a 4xx. */
export function attachmentProblemText(t: TFunction, problem: AttachmentProblem): string {
  switch (problem.kind) {
    case 'too-large':
      return t('attachments.problem.tooLarge', { max: problem.maxMB });
    case 'wrong-type':
      return t('attachments.problem.wrongType');
    case 'no-conversation':
      return t('attachments.problem.noConversation');
    case 'server':
      return problem.message;
    case 'network':
      return t('attachments.problem.network');
    case 'failed':
      return problem.status ? t('attachments.problem.failedStatus', { status: problem.status }) : t('attachments.problem.failed');
  }
}
