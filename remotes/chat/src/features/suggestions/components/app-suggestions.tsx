import type { CustomApp } from '@assistant/contracts';
import { customAppsQuery } from '@assistant/endpoints';
import { useQuery } from '@assistant/platform';
import { Icon } from '@assistant/ui';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '@assistant/routing';
import { NAMESPACE } from '../../../namespace';
import { promptHandoffState } from '../../prompts';
import './suggestions.css';

/** As many as the chat apps people know show: a glance, not a catalogue (the apps page has them all). */
export const SUGGESTIONS_SHOWN = 4;

/**
 * An empty conversation's suggestions: the apps this user may use (GET /api/custom-apps, the same
 * query as the apps page's, so a saved app shows here too). Choosing one puts its template into the
 * message box with its first {{variable}} selected (the prompt library's hand-over), to be filled
 * in and sent. Nothing while they load, when the user has none, or when the list failed: the start
 * screen is complete without them.
 */
export function AppSuggestions() {
  const { t } = useTranslation(NAMESPACE);
  const apps = useQuery(customAppsQuery());
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const shown = (apps.data ?? []).slice(0, SUGGESTIONS_SHOWN);
  if (shown.length === 0) return null;
  const use = (app: CustomApp) =>
    void navigate({ pathname, search }, { replace: true, state: promptHandoffState({ title: app.name, text: app.template }) });
  return (
    <ul className="chat-suggestions" aria-label={t('suggestions.label')}>
      {shown.map((app) => (
        <Suggestion key={app.id} app={app} onUse={use} />
      ))}
    </ul>
  );
}

function Suggestion({ app, onUse }: { app: CustomApp; onUse(app: CustomApp): void }) {
  const descriptionId = useId();
  const described = app.description.trim() !== '';
  return (
    <li className="chat-suggestions__item">
      <span className="chat-suggestions__icon" aria-hidden="true">
        <Icon name={app.icon} />
      </span>
      <button type="button" className="chat-suggestions__button" aria-describedby={described ? descriptionId : undefined} onClick={() => onUse(app)}>
        {app.name}
      </button>
      {described && (
        <span id={descriptionId} className="chat-suggestions__description">
          {app.description}
        </span>
      )}
    </li>
  );
}
