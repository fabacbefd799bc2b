import { http, HttpResponse, type HttpHandler } from 'msw';
import {
  APP_VERSION,
  KNOWN_PERMISSIONS,
  defaultConfig,
  permissionCheckRequestSchema,
  type Config,
  type FeatureFlags,
} from '@assistant/contracts';

export interface StartupData {
  flags: FeatureFlags;
  featureSet: string;
  version: string;
  config: Config;
  /** Permissions the test user holds (of AdministrateAssistant, NuminousAccess). */
  permissions: string[];
}

export const defaultStartupData: StartupData = {
  flags: {
    enableHomepage: true,
    enableChat: true,
    enableTranslate: true,
    enableCollections: true,
    enableNls: false,
    enableDeepResearch: false,
    enableExtensibleSummarize: false,
    enableExtensibleGenerate: false,
    enableLocalChatHistory: true,
    enableCustomization: false,
  },
  featureSet: 'BETA',
  version: APP_VERSION,
  config: defaultConfig(false),
  permissions: [],
};

/**
 * msw handlers for the start-up calls (flags, feature set, version, config, check_user) with the
 * given data over the defaults. `origin` matches any origin by default.
 */
export function startupHandlers(overrides: Partial<StartupData> = {}, origin = '*'): HttpHandler[] {
  const data: StartupData = { ...defaultStartupData, ...overrides };
  return [
    http.get(`${origin}/api/feature-flags`, () => HttpResponse.json(data.flags)),
    http.get(`${origin}/api/feature-set`, () => HttpResponse.json({ feature_set: data.featureSet })),
    http.get(`${origin}/api/version`, () => HttpResponse.json({ version: data.version })),
    http.get(`${origin}/api/config`, () => HttpResponse.json(data.config)),
    http.post(`${origin}/api/iam/check_user`, async ({ request }) => {
      const body = permissionCheckRequestSchema.safeParse(await request.json());
      if (!body.success) return HttpResponse.json({ statusCode: 400, error: 'Bad Request', message: 'invalid body' }, { status: 400 });
      const held = new Set(data.permissions);
      return HttpResponse.json({ permissions: body.data.permissions.filter((p) => held.has(p.permission)) });
    }),
  ];
}

/** The permissions a test can grant. */
export const TEST_PERMISSIONS = KNOWN_PERMISSIONS;
