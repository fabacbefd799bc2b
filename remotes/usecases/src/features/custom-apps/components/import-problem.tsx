import { Button } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ExportFileProblem } from '../model/read-export-file';

export interface ImportProblemProps {
  fileName: string;
  problem: ExportFileProblem;
  /** A contract's field message in the interface language. */
  describe(message: string): string;
  onClose(): void;
}

/** Why a picked file was not imported, with what to do; the user's apps are untouched. */
export function ImportProblem({ fileName, problem, describe, onClose }: ImportProblemProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <div role="alert" className="usecases__failure">
      <p className="usecases__failure-title">{t(`import.${problem.kind}`, { file: fileName, version: problem.kind === 'newer-format' ? problem.version : undefined })}</p>
      {problem.kind === 'invalid' && (
        <ul className="usecases__issues">
          {problem.issues.map((issue) => (
            <li key={`${issue.path}:${issue.message}`}>
              {issue.path ? `${issue.path}: ` : ''}
              {describe(issue.message)}
            </li>
          ))}
        </ul>
      )}
      <p>{t('import.nothingChanged')}</p>
      <div className="usecases__actions">
        <Button variant="ghost" size="sm" onClick={onClose}>
          {t('import.close')}
        </Button>
      </div>
    </div>
  );
}
