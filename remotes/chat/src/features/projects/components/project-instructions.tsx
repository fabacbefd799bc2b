import { PROJECT_INSTRUCTIONS_MAX_LENGTH, mayEditProject, type Project } from '@assistant/contracts';
import { errorMessageText, useLocale } from '@assistant/platform';
import { Button, TextArea } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useProjectMutations } from '../hooks/use-project-mutations';

/**
 * The project's instructions, added to every conversation in it: a field with Save for its owner
 * and editors (saved, or why not, said in a status line), the text for whom it is shared with to read.
 */
export function ProjectInstructions({ project }: { project: Project }) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const headingId = useId();
  const { update } = useProjectMutations();
  const [draft, setDraft] = useState(project.instructions);
  const [saved, setSaved] = useState<{ text: string } | undefined>(undefined);
  const editable = mayEditProject(project);
  const changed = draft.trim() !== project.instructions;

  const save = async () => {
    setSaved(undefined);
    try {
      await update.mutateAsync({ id: project.id, changes: { instructions: draft } });
      setSaved({ text: t('projects.instructions.saved') });
    } catch (error) {
      setSaved({ text: t('projects.instructions.failed', { reason: errorMessageText(error, language) }) });
    }
  };

  return (
    <section className="project-page__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="project-page__section-heading">
        {t('projects.instructions.heading')}
      </h2>
      {editable ? (
        <form
          className="project-instructions"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextArea
            label={t('projects.instructions.label')}
            hideLabel
            description={t('projects.instructions.description')}
            value={draft}
            maxLength={PROJECT_INSTRUCTIONS_MAX_LENGTH}
            showCount
            rows={6}
            placeholder={t('projects.instructions.placeholder')}
            onChange={(event) => {
              setDraft(event.target.value);
              setSaved(undefined);
            }}
          />
          <div className="project-instructions__actions">
            <Button type="submit" size="sm" disabled={!changed} loading={update.isPending}>
              {t('projects.instructions.save')}
            </Button>
            <span role="status" className="project-instructions__status">
              {saved?.text ?? ''}
            </span>
          </div>
        </form>
      ) : (
        <>
          <p className="project-page__hint">{t('projects.instructions.description')}</p>
          <p className="project-instructions__text">{project.instructions || t('projects.instructions.none')}</p>
        </>
      )}
    </section>
  );
}
