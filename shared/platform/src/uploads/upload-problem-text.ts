import type { TFunction } from 'i18next';
import type { UploadProblem } from './upload-item';

/**
 * Why an upload did not happen or failed, for the user: the server's own message for a refusal,
 * else the caller's text under `<keys>.tooLarge`, `.wrongType`, `.network`, `.failed` and
 * `.failedStatus` (each screen words what to do next in its own terms).
 */
export function uploadProblemText(t: TFunction, problem: UploadProblem, keys: string): string {
  switch (problem.kind) {
    case 'too-large':
      return t(`${keys}.tooLarge`, { max: problem.maxMB });
    case 'wrong-type':
      return t(`${keys}.wrongType`);
    case 'server':
      return problem.message;
    case 'network':
      return t(`${keys}.network`);
    case 'failed':
      return problem.status ? t(`${keys}.failedStatus`, { status: problem.status }) : t(`${keys}.failed`);
  }
}
