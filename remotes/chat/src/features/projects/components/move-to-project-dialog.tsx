import { mayEditProject, type Conversation } from '@assistant/contracts';
import { Button, Dialog, PlusIcon } from '@assistant/ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import type { ScopedChatHistory } from '../../history';
import { useFileIntoProject } from '../hooks/use-file-into-project';
import { useProjectMutations } from '../hooks/use-project-mutations';
import { useProjects } from '../hooks/use-projects';
import { FolderIcon } from './folder-icon';
import { ProjectNameDialog } from './project-name-dialog';

export interface MoveToProjectDialogProps {
  history: ScopedChatHistory;
  conversation: Pick<Conversation, 'id' | 'name' | 'project_id'>;
  onClose(): void;
}

/**
 * "Move to project": the projects the user may file a conversation into (their own, and those
 * shared with them to edit), the current one marked, and "New project", which makes one and
 * moves the conversation into it.
 */
export function MoveToProjectDialog({ history, conversation, onClose }: MoveToProjectDialogProps) {
  const { t } = useTranslation(NAMESPACE);
  const projects = useProjects();
  const { create } = useProjectMutations();
  const fileInto = useFileIntoProject(history);
  const [creating, setCreating] = useState(false);
  const [moving, setMoving] = useState(false);
  const targets = (projects.data ?? []).filter(mayEditProject);
  const move = async (project: { id: string; name: string }) => {
    setMoving(true);
    if (await fileInto(conversation, project)) onClose();
    else setMoving(false);
  };

  if (creating) {
    return (
      <ProjectNameDialog
        onSubmit={async (name) => {
          const project = await create.mutateAsync({ name });
          await move(project);
        }}
        onClose={() => setCreating(false)}
      />
    );
  }
  return (
    <Dialog open size="sm" title={t('projects.move.title', { name: conversation.name })} closeLabel={t('projects.close')} dismissible={!moving} onClose={onClose}>
      {projects.isPending && <p>{t('projects.loading')}</p>}
      {projects.isError && <p role="alert">{t('projects.move.loadFailed')}</p>}
      {projects.isSuccess && targets.length === 0 && <p>{t('projects.move.none')}</p>}
      <ul className="project-move__list">
        {targets.map((project) => {
          const current = project.id === conversation.project_id;
          return (
            <li key={project.id}>
              <Button variant="ghost" className="project-move__target" disabled={current || moving} aria-current={current ? 'true' : undefined} onClick={() => void move(project)}>
                <FolderIcon />
                <span>{current ? t('projects.move.current', { project: project.name }) : project.name}</span>
              </Button>
            </li>
          );
        })}
        <li>
          <Button variant="ghost" className="project-move__target" icon={<PlusIcon />} disabled={moving} onClick={() => setCreating(true)}>
            {t('projects.create.open')}
          </Button>
        </li>
      </ul>
    </Dialog>
  );
}
