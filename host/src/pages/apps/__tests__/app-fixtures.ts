import type { CustomApp, FeatureFlags, RemoteRegistryEntry } from '@assistant/contracts';

const manifest = (name: string) => `https://remotes.example.org/${name}/mf-manifest.json`;

/**
 * The local layout's registry (scripts/portal-layout.mjs) plus the use-case remote, mounted once
 * per use case (each with its own flag and route table), at /create-your-own and at /usecases for custom apps.
 */
export const REGISTRY: RemoteRegistryEntry[] = [
  { name: 'chat', manifestUrl: manifest('chat'), routeBase: '/chat', featureFlag: 'enableChat', navigation: { labelKey: 'NAVIGATION.chat', icon: 'chat', order: 10 } },
  { name: 'qa', manifestUrl: manifest('qa'), routeBase: '/usecases/qa' },
  { name: 'translate', manifestUrl: manifest('translate'), routeBase: '/translate', featureFlag: 'enableTranslate' },
  { name: 'agents', manifestUrl: manifest('agents'), routeBase: '/agents', feature: 'personalAgents' },
  { name: 'collections', manifestUrl: manifest('collections'), routeBase: '/collections', featureFlag: 'enableCollections', feature: 'collections' },
  { name: 'usecases', manifestUrl: manifest('usecases'), routeBase: '/usecases/summarize', mount: 'summarize', featureFlag: 'enableExtensibleSummarize' },
  { name: 'usecases', manifestUrl: manifest('usecases'), routeBase: '/usecases/generate', mount: 'generate', featureFlag: 'enableExtensibleGenerate' },
  { name: 'usecases', manifestUrl: manifest('usecases'), routeBase: '/usecases/transcribe', mount: 'transcribe', requires: 'transcription' },
  { name: 'usecases', manifestUrl: manifest('usecases'), routeBase: '/create-your-own', mount: 'create-your-own' },
  { name: 'usecases', manifestUrl: manifest('usecases'), routeBase: '/usecases', mount: 'custom-apps' },
];

/** Every flag of an app on. */
export const ALL_FLAGS: FeatureFlags = {
  enableHomepage: true,
  enableChat: true,
  enableTranslate: true,
  enableCollections: true,
  enableExtensibleSummarize: true,
  enableExtensibleGenerate: true,
};

export const PERSONAL_APP: CustomApp = {
  id: '0b6c8f1e-3f4a-4c1d-9b7e-1a2b3c4d5e61',
  name: 'Pressemitteilung',
  icon: 'megaphone',
  description: 'Schreibt eine Pressemitteilung aus Stichpunkten.',
  template: 'Schreibe eine Pressemitteilung zu {{thema}}.',
  variables: [{ name: 'thema', label: 'Thema', kind: 'short_text', required: true, max_length: 200 }],
  visibility: 'personal',
  version: 1,
  can_edit: true,
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
};

export const COMPANY_APP: CustomApp = {
  ...PERSONAL_APP,
  id: '0b6c8f1e-3f4a-4c1d-9b7e-1a2b3c4d5e62',
  name: 'Reisekostenantrag',
  icon: 'briefcase',
  description: 'Formuliert einen Reisekostenantrag.',
  visibility: 'company',
  can_edit: false,
};
