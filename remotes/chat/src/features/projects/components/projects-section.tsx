import { useLocale, errorMessageText } from '@assistant/platform';
import { Link, useLocation, useNavigate } from '@assistant/routing';
import { Button, PlusIcon, SharingBadge } from '@assistant/ui';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useProjectMutations } from '../hooks/use-project-mutations';
import { useProjects } from '../hooks/use-projects';
import { FolderIcon } from './folder-icon';
import { ProjectNameDialog } from './project-name-dialog';
import './projects.css';

export interface ProjectsSectionProps {
  /** Where the chat is (/chat): a project's page is {chatPath}/projects/{id}. */
  chatPath: string;
  /** A link was followed (a phone's drawer gives way). */
  onOpen?(): void;
}

/**
 * "Projects" in the conversation side list, as in ChatGPT: "New project" (a name, then its page),
 * and the user's projects, own and shared, each a link to its page with how it is shared.
 */
export function ProjectsSection({ chatPath, onOpen }: ProjectsSectionProps) {
  const { t } = useTranslation(NAMESPACE);
  const language = useLocale();
  const headingId = useId();
  const navigate = useNavigate();
  const projects = useProjects();
  const { create } = useProjectMutations();
  const [creating, setCreating] = useState(false);
  const pagePath = (id: string) => `${chatPath}/projects/${encodeURIComponent(id)}`;
  // The project whose page is open, marked in the list.
  const { pathname } = useLocation();
  const openProjectId = projects.data?.find((project) => pathname === pagePath(project.id))?.id;

  return (
    <section className="chat-projects" aria-labelledby={headingId}>
      {/* A label, not a heading: the list's headings are its date groups (the region still has the name). */}
      <p id={headingId} className="chat-projects__heading">
        {t('projects.heading')}
      </p>
      <ul className="chat-projects__list">
        <li>
          <Button variant="ghost" size="sm" className="chat-projects__new" icon={<PlusIcon />} onClick={() => setCreating(true)}>
            {t('projects.create.open')}
          </Button>
        </li>
        {projects.data?.map((project) => (
          <li key={project.id} className={project.id === openProjectId ? 'chat-projects__item chat-projects__item--open' : 'chat-projects__item'}>
            <Link to={pagePath(project.id)} className="chat-projects__link" aria-current={project.id === openProjectId ? 'page' : undefined} onClick={onOpen}>
              <FolderIcon />
              <span className="chat-projects__name">{project.name}</span>
            </Link>
            <span className="chat-projects__sharing">
              <SharingBadge sharing={project.sharing} />
            </span>
          </li>
        ))}
      </ul>
      {projects.isPending && <p className="chat-projects__note">{t('projects.loading')}</p>}
      {projects.isError && (
        <p className="chat-projects__note" role="alert">
          {t('projects.loadFailed', { reason: errorMessageText(projects.error, language) })}{' '}
          <Button variant="ghost" size="sm" onClick={() => void projects.refetch()}>
            {t('projects.retryList')}
          </Button>
        </p>
      )}
      {creating && (
        <ProjectNameDialog
          onSubmit={async (name) => {
            const project = await create.mutateAsync({ name });
            onOpen?.();
            void navigate(pagePath(project.id));
          }}
          onClose={() => setCreating(false)}
        />
      )}
    </section>
  );
}
