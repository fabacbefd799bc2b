import type { TFunction } from 'i18next';
import type { UploadProblem } from '@assistant/platform';

/** Why an upload did not happen or failed, for the user; the server's own message for a 413, 415 or other 4xx. */
export function uploadProblemText(t: TFunction, problem: UploadProblem): string {
  switch (problem.kind) {
    case 'too-large':
      return t('upload.problem.tooLarge', { max: problem.maxMB });
    case 'wrong-type':
      return t('upload.problem.wrongType');
    case 'server':
      return problem.message;
    case 'network':
      return t('upload.problem.network');
    case 'failed':
      return problem.status ? t('upload.problem.failedStatus', { status: problem.status }) : t('upload.problem.failed');
  }
}
