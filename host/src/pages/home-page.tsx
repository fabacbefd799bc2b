import { Card, EmptyState, Icon, PageHeader } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SHELL_NAMESPACE } from '../app/shell-i18n';
import { useShell } from '../app/shell-context';
import { usePageTitle } from '../branding/use-page-title';

/** Apps a card links to, by remote name: the texts are the shell's (SKILLS.<name>, SKILLS.<name>Text). */
const APP_ICONS: Record<string, string> = {
  chat: 'chat',
  qa: 'qa',
  translate: 'translate',
  agents: 'agents',
  collections: 'collections',
  summarize: 'summarize',
  generate: 'generate',
};

/** The home page of apps ("skills"): one card per enabled area, QA included (it has no nav entry). */
export function HomePage() {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const { remotes } = useShell();
  usePageTitle(t('SKILLS.apps'));
  const apps = remotes.filter((entry) => entry.name in APP_ICONS);
  return (
    <section className="shell-page">
      <PageHeader title={t('SKILLS.apps')} description={t('SKILLS.intro')} />
      {apps.length === 0 ? (
        <EmptyState title={t('SKILLS.none')} text={t('SKILLS.noneText')} />
      ) : (
        <ul className="shell-apps" role="list">
          {apps.map((entry) => (
            <li key={entry.name}>
              <Card className="shell-apps__card">
                <Icon name={APP_ICONS[entry.name]!} />
                <h2>
                  <Link to={entry.routeBase} className="shell-apps__link">
                    {t(`SKILLS.${entry.name}`)}
                  </Link>
                </h2>
                <p>{t(`SKILLS.${entry.name}Text`)}</p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
