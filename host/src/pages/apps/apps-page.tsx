import type { BuiltInAppId } from '@assistant/contracts';
import { customAppsQuery } from '@assistant/endpoints';
import {
  isFeatureAvailable,
  notifyErrorMessage,
  useConfigStore,
  useDocumentTitle,
  useGatingStore,
  useQuery,
  useQueryClient,
  type FeatureName,
} from '@assistant/platform';
import { Badge, Button, Card, EmptyState, Icon, Loading, PageHeader, TextField, VisuallyHidden, useAnnouncer } from '@assistant/ui';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@assistant/routing';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { useShell } from '../../app/shell-context';
import { useCapabilities } from '../../capabilities/use-capabilities';
import { useAppFavouritesQuery, appFavouriteKeys } from './api/get-app-favourites';
import { toggledFavourites, useToggleAppFavourite } from './api/put-app-favourites';
import { availableApps, matchesSearch, orderApps, customAppsMount, type AppTile } from './app-catalogue';
import './apps-page.css';

/** The shell's text keys of a built-in app: SKILLS.<key> (name) and SKILLS.<key>Text (description). */
const TEXT_KEYS: Record<BuiltInAppId, string> = {
  chat: 'chat',
  qa: 'qa',
  translate: 'translate',
  'easy-language': 'easyLanguage',
  summarize: 'summarize',
  generate: 'generate',
  transcribe: 'transcribe',
  agents: 'agents',
  collections: 'collections',
  'create-your-own': 'createYourOwn',
};

interface ShownTile {
  tile: AppTile;
  name: string;
  description: string;
  /** Name and description in German and English, for the search. */
  searchTexts: string[];
  badge?: string;
}

/** A five-pointed star, filled when the app is a favourite (decorative: the button has the name). */
function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false" className="apps-page__star-icon">
      <path
        d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The apps page at `/` (SPEC section 2, enableHomepage; title SKILLS.apps): one tile per tool this
 * user may open (app-catalogue.ts decides, so no tile leads to an empty screen or a 404), ordered
 * favourites first, then the customization's default_applications, then the fixed order; a star
 * on each tile keeps per-user favourites; a search filters by name and description in German and
 * English. docs/apps-page.md.
 */
export function HomePage() {
  const { t, i18n } = useTranslation(SHELL_NAMESPACE);
  useDocumentTitle(t('SKILLS.apps'));
  const { remotes } = useShell();
  const flags = useGatingStore((state) => state.flags);
  const featureSet = useGatingStore((state) => state.featureSet);
  const customization = useConfigStore((state) => state.config.customization);
  // The same query of what the server can do as the navigation's and the routes' (a transcription model).
  const isCapabilityAvailable = useCapabilities(remotes);
  const gating = { remotes, flags, isFeatureAvailable: (feature: FeatureName) => isFeatureAvailable(featureSet, feature), isCapabilityAvailable };

  const customAppsAt = customAppsMount(gating);
  // The use-cases remote's list (one definition): an app saved in its editor shows here at once.
  const customApps = useQuery({ ...customAppsQuery(), enabled: customAppsAt !== undefined });
  const favourites = useAppFavouritesQuery();
  const client = useQueryClient();
  const [message, announce] = useAnnouncer();
  const [query, setQuery] = useState('');
  const searchRef = useRef<HTMLInputElement>(null);
  const starButtons = useRef(new Map<string, HTMLButtonElement>());
  const refocus = useRef<string | null>(null);

  const toggle = useToggleAppFavourite({
    onFailure: (failed) =>
      notifyErrorMessage({ message: { key: 'SKILLS.favourite.failed', ns: SHELL_NAMESPACE, values: { name: failed.name ?? failed.id } } }),
  });

  const de = i18n.getFixedT('de', SHELL_NAMESPACE);
  const en = i18n.getFixedT('en', SHELL_NAMESPACE);
  const tiles: ShownTile[] = orderApps(
    availableApps({
      ...gating,
      createYourOwnEnabled: customization.create_your_own_enabled,
      customApps: customApps.data ?? [],
    }),
    customization.default_applications,
    favourites.data ?? [],
  ).map((tile) => {
    if (tile.kind === 'custom') {
      return {
        tile,
        name: tile.app.name,
        description: tile.app.description,
        searchTexts: [tile.app.name, tile.app.description],
        badge: t(tile.app.visibility === 'company' ? 'SKILLS.companyApp' : 'SKILLS.personalApp'),
      };
    }
    const key = TEXT_KEYS[tile.id];
    return {
      tile,
      name: t(`SKILLS.${key}`),
      description: t(`SKILLS.${key}Text`),
      searchTexts: [de(`SKILLS.${key}`), de(`SKILLS.${key}Text`), en(`SKILLS.${key}`), en(`SKILLS.${key}Text`)],
    };
  });
  const loadingCustomApps = customAppsAt !== undefined && customApps.isPending;
  const searching = query.trim() !== '';
  const shown = searching ? tiles.filter((entry) => matchesSearch(entry.searchTexts, query)) : tiles;
  const favouriteIds = new Set((favourites.data ?? []).map((id) => id.toLowerCase()));

  // The number of matches is announced as the query changes (a polite live region).
  useEffect(() => {
    if (searching) announce(t('SKILLS.search.found', { count: shown.length }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the query or the number of matches changes
  }, [query, shown.length]);

  // A starred tile moves to the top: its star keeps the focus.
  useEffect(() => {
    if (refocus.current === null) return;
    const button = starButtons.current.get(refocus.current);
    refocus.current = null;
    if (button && document.activeElement !== button) button.focus();
  });

  const onToggle = (entry: ShownTile) => {
    const current = client.getQueryData<string[]>(appFavouriteKeys.all) ?? favourites.data ?? [];
    const favourite = !favouriteIds.has(entry.tile.id.toLowerCase());
    refocus.current = entry.tile.id;
    toggle.mutate({ ...toggledFavourites(current, entry.tile.id, favourite), name: entry.name });
    announce(t(favourite ? 'SKILLS.favourite.added' : 'SKILLS.favourite.removed', { name: entry.name }));
  };

  const clearSearch = () => {
    setQuery('');
    searchRef.current?.focus();
  };

  return (
    <section className="shell-page apps-page" aria-labelledby="apps-page-title">
      <PageHeader title={<span id="apps-page-title">{t('SKILLS.apps')}</span>} description={t('SKILLS.intro')} />
      {tiles.length === 0 && loadingCustomApps ? (
        <Loading />
      ) : tiles.length === 0 ? (
        <EmptyState title={t('SKILLS.none')} text={t('SKILLS.noneText')} />
      ) : (
        <>
          <div role="search" className="apps-page__search">
            <TextField
              ref={searchRef}
              type="search"
              label={t('SKILLS.search.label')}
              placeholder={t('SKILLS.search.placeholder')}
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          {favourites.isError && (
            <p className="apps-page__problem">
              {t('SKILLS.favourite.loadFailed')}{' '}
              <Button size="sm" variant="secondary" onClick={() => void favourites.refetch()}>
                {t('SKILLS.retry')}
              </Button>
            </p>
          )}
          {customApps.isError && (
            <p className="apps-page__problem">
              {t('SKILLS.customAppsFailed')}{' '}
              <Button size="sm" variant="secondary" onClick={() => void customApps.refetch()}>
                {t('SKILLS.retry')}
              </Button>
            </p>
          )}
          {shown.length === 0 ? (
            <EmptyState
              title={t('SKILLS.search.noMatch')}
              text={t('SKILLS.search.noMatchText', { query: query.trim() })}
              action={
                <Button variant="secondary" onClick={clearSearch}>
                  {t('SKILLS.search.clear')}
                </Button>
              }
            />
          ) : (
            <ul className="apps-page__list" role="list" aria-label={t('SKILLS.listLabel')}>
              {shown.map((entry) => {
                const favourite = favouriteIds.has(entry.tile.id.toLowerCase());
                return (
                  <li key={entry.tile.id} className="apps-page__item">
                    <Card className={favourite ? 'apps-page__tile apps-page__tile--favourite' : 'apps-page__tile'}>
                      <div className="apps-page__tile-top">
                        <span className="apps-page__icon" aria-hidden="true">
                          <Icon name={entry.tile.icon} size="1.5rem" />
                        </span>
                        {favourites.isSuccess && (
                          <button
                            type="button"
                            ref={(button) => {
                              if (button) starButtons.current.set(entry.tile.id, button);
                              else starButtons.current.delete(entry.tile.id);
                            }}
                            className="apps-page__star"
                            aria-pressed={favourite}
                            aria-label={t('SKILLS.favourite.toggle', { name: entry.name })}
                            title={t('SKILLS.favourite.toggle', { name: entry.name })}
                            onClick={() => onToggle(entry)}
                          >
                            <StarIcon filled={favourite} />
                          </button>
                        )}
                      </div>
                      <h2 className="apps-page__name">
                        <Link to={entry.tile.to} className="apps-page__link">
                          {entry.name}
                        </Link>
                      </h2>
                      {entry.badge && <Badge className="apps-page__badge">{entry.badge}</Badge>}
                      {entry.description && <p className="apps-page__description">{entry.description}</p>}
                    </Card>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      <VisuallyHidden>
        <span role="status">{message}</span>
      </VisuallyHidden>
    </section>
  );
}
