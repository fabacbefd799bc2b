import { mayEditProject, type CollectionFile, type FileStatus, type Project } from '@assistant/contracts';
import { UPLOAD_ACCEPT, uploadProblemText, useConfigStore } from '@assistant/platform';
import { Button, FilePickerButton, cx } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useProjectFiles } from '../hooks/use-project-files';

const TONE: Record<FileStatus, 'busy' | 'failed' | 'done'> = { uploaded: 'busy', processing: 'busy', 'processing-failed': 'failed', processed: 'done' };

/**
 * The project's files, searched in every conversation of it: each with its status in words (and
 * Retry when it could not be read), uploads with their progress, and for the owner and editors
 * "Add files" and Remove. Whom it is shared with to read sees the list.
 */
export function ProjectFiles({ project }: { project: Project }) {
  const { t } = useTranslation(NAMESPACE);
  const headingId = useId();
  const hintId = useId();
  const maxMB = useConfigStore((state) => state.config.maxFileUploadSizeMB);
  const files = useProjectFiles(project.id);
  const editable = mayEditProject(project);

  return (
    <section className="project-page__section" aria-labelledby={headingId}>
      <div className="project-page__section-header">
        <h2 id={headingId} className="project-page__section-heading">
          {t('projects.files.heading')}
        </h2>
        {editable && <FilePickerButton label={t('projects.files.add')} accept={UPLOAD_ACCEPT} multiple size="sm" describedBy={hintId} onFiles={files.add} />}
      </div>
      <p id={hintId} className="project-page__hint">
        {t('projects.files.description')} {editable && t('projects.files.limits', { max: maxMB })}
      </p>
      {files.uploads.length > 0 && (
        <ul className="project-files" aria-label={t('projects.files.uploads')}>
          {files.uploads.map((item) => {
            const percent = item.progress === null ? null : Math.round(item.progress * 100);
            const failed = item.phase === 'failed' || item.phase === 'refused';
            return (
              <li key={item.id} className={cx('project-file', failed ? 'project-file--failed' : 'project-file--busy')}>
                <span className="project-file__name">{item.file.name}</span>
                <span className="project-file__state">
                  {failed ? t('projects.files.state.uploadFailed') : percent !== null ? t('projects.files.state.uploadingPercent', { percent }) : t('projects.files.state.uploading')}
                </span>
                {item.phase === 'failed' && (
                  <Button variant="ghost" size="sm" aria-label={t('projects.files.retryNamed', { name: item.file.name })} onClick={() => files.retryUpload(item.id)}>
                    {t('projects.files.retry')}
                  </Button>
                )}
                {failed && (
                  <Button variant="ghost" size="sm" aria-label={t('projects.files.dismissNamed', { name: item.file.name })} onClick={() => files.dismissUpload(item.id)}>
                    {t('projects.files.dismiss')}
                  </Button>
                )}
                {item.phase === 'uploading' && (
                  <progress className="project-file__progress" max={100} value={percent ?? undefined} aria-label={t('projects.files.progressNamed', { name: item.file.name })} />
                )}
                {item.problem && <p className="project-file__problem">{uploadProblemText(t, item.problem, 'projects.files.problem')}</p>}
              </li>
            );
          })}
        </ul>
      )}
      {files.status === 'loading' && <p className="project-page__hint">{t('projects.files.loading')}</p>}
      {files.status === 'failed' && (
        <p role="alert" className="project-page__hint">
          {t('projects.files.loadFailed')}{' '}
          <Button variant="ghost" size="sm" onClick={files.reload}>
            {t('projects.retry')}
          </Button>
        </p>
      )}
      {files.status === 'ready' && files.files.length === 0 && files.uploads.length === 0 && (
        <p className="project-page__empty">{editable ? t('projects.files.emptyEditable') : t('projects.files.empty')}</p>
      )}
      {files.files.length > 0 && (
        <ul className="project-files" aria-label={t('projects.files.heading')}>
          {files.files.map((file) => (
            <FileRow key={file.fileId} file={file} editable={editable} onRetry={() => files.reprocess(file)} onRemove={() => void files.remove(file)} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FileRow({ file, editable, onRetry, onRemove }: { file: CollectionFile; editable: boolean; onRetry(): void; onRemove(): void }) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <li className={cx('project-file', `project-file--${TONE[file.status]}`)}>
      <span className="project-file__name" title={file.name}>
        {file.name}
      </span>
      <span className="project-file__state">{t(`projects.files.state.${file.status}`)}</span>
      {editable && file.status === 'processing-failed' && (
        <Button variant="ghost" size="sm" aria-label={t('projects.files.retryNamed', { name: file.name })} onClick={onRetry}>
          {t('projects.files.retry')}
        </Button>
      )}
      {editable && (
        <Button variant="ghost" size="sm" aria-label={t('projects.files.removeNamed', { name: file.name })} onClick={onRemove}>
          {t('projects.files.remove')}
        </Button>
      )}
    </li>
  );
}
