import { z } from 'zod';
import { emailSchema, httpUrlSchema } from './common';

/** Defaults of SPEC section 9, used by the server's seed and by the client when loading fails. */
export const CONFIG_DEFAULTS = {
  maxFileUploadSizeMB: 20,
  maxAudioFileUploadSizeMB: 25,
  requestTimeoutInSeconds: 180,
  taskResultExpiryTime: 4320 * 60,
  applicationName: 'Assistant',
  fontFamily: 'Raleway',
  fontSize: 16,
  /** The font size never goes below this, whatever the customization says. */
  fontMinimumRem: 1,
} as const;

const nonNegative = z.number().min(0, 'Must not be below 0');
// Links a user opens: http(s) only, so a javascript: link can never be configured.
const link = httpUrlSchema;
/** Media the portal loads itself: an http(s) URL or a path on the portal's own origin. */
const mediaUrl = z.union([httpUrlSchema, z.string().regex(/^\/[^/\s]\S*$/, 'Must be a URL or a path starting with /')]);

export const localeSchema = z.enum(['de', 'en']);
export type Locale = z.infer<typeof localeSchema>;

/** One text per interface language. */
export const localizedTextSchema = z.object({ de: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** A logo or favicon; `data` is the file's base64 content. SVGs are sanitized on upload. */
export const brandImageSchema = z.object({
  data: z.string().min(1),
  type: z.enum(['svg', 'png']),
  name: z.string().min(1).max(200),
});
export type BrandImage = z.infer<typeof brandImageSchema>;

export const privacyNoticeEntrySchema = z.object({
  text: z.string(),
  links: z.array(z.object({ label: z.string().min(1), url: link })).default([]),
});
export const privacyPolicyNoticeSchema = z.object({ de: privacyNoticeEntrySchema, en: privacyNoticeEntrySchema });
export type PrivacyPolicyNotice = z.infer<typeof privacyPolicyNoticeSchema>;

export const fontsSchema = z.object({
  family: z.string().min(1).max(100),
  size: z.number().min(1).max(64),
});

/**
 * A sign-language video explaining part of the portal (issue 3: configured by administrators,
 * shown on /sign-language with its captions).
 */
export const signLanguageVideoSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,64}$/, 'Must be a short id of a-z, 0-9 and -'),
  title: localizedTextSchema,
  description: localizedTextSchema.optional(),
  video_url: mediaUrl,
  /** WebVTT captions per interface language; at least the German ones. */
  captions: z.object({ de: mediaUrl, en: mediaUrl.optional() }),
  poster_url: mediaUrl.optional(),
});
export type SignLanguageVideo = z.infer<typeof signLanguageVideoSchema>;

/** Longest application or company name of the customization, in characters. */
export const CUSTOMIZATION_NAME_MAX_LENGTH = 100;

export const customizationSchema = z.object({
  application_name: z.string().min(1).max(CUSTOMIZATION_NAME_MAX_LENGTH),
  company_name: z.string().max(CUSTOMIZATION_NAME_MAX_LENGTH).optional(),
  logo: brandImageSchema.nullable().optional(),
  favicon: brandImageSchema.nullable().optional(),
  /** CSS colour values by theme token (for example primary, background). */
  colors: z.record(z.string().regex(/^[a-z][a-zA-Z0-9-]*$/), z.string().max(64)).default({}),
  fonts: fontsSchema,
  privacy_policy_notice: privacyPolicyNoticeSchema,
  accessibility_statement: localizedTextSchema.optional(),
  help_center_enabled: z.boolean().default(false),
  create_your_own_enabled: z.boolean().default(false),
  imprint_link: link.nullable().optional(),
  documentation_link: link.nullable().optional(),
  help_center_link: link.nullable().optional(),
  support_email: emailSchema.nullable().optional(),
  support_phone: z.string().max(50).nullable().optional(),
  default_applications: z.array(z.string().min(1)).default([]),
  sign_language_videos: z.array(signLanguageVideoSchema).max(50).default([]),
});
export type Customization = z.infer<typeof customizationSchema>;

/** GET /api/config */
export const configSchema = z.object({
  maxFileUploadSizeMB: nonNegative,
  maxAudioFileUploadSizeMB: nonNegative,
  requestTimeoutInSeconds: nonNegative,
  taskResultExpiryTime: nonNegative,
  osProxyUrl: link.nullable(),
  hasError: z.boolean(),
  customization: customizationSchema,
});
export type Config = z.infer<typeof configSchema>;

export const DEFAULT_PRIVACY_POLICY_NOTICE: PrivacyPolicyNotice = {
  de: {
    text: 'Dies ist ein Testsystem. Bitte geben Sie keine personenbezogenen Daten ein.',
    links: [],
  },
  en: {
    text: 'This is a test system. Please do not enter any personal data.',
    links: [],
  },
};

/** Shown where no support email or phone is configured. */
export const DEFAULT_SUPPORT_CONTACT: LocalizedText = {
  de: 'Bei Fragen wenden Sie sich bitte an Ihren IT-Support.',
  en: 'If you have questions, please contact your IT support.',
};

export const DEFAULT_CUSTOMIZATION: Customization = {
  application_name: CONFIG_DEFAULTS.applicationName,
  colors: {},
  fonts: { family: CONFIG_DEFAULTS.fontFamily, size: CONFIG_DEFAULTS.fontSize },
  privacy_policy_notice: DEFAULT_PRIVACY_POLICY_NOTICE,
  help_center_enabled: false,
  create_your_own_enabled: false,
  default_applications: [],
  sign_language_videos: [],
};

/** What the client falls back to when GET config fails (SPEC section 8: defaults with hasError). */
export function defaultConfig(hasError: boolean): Config {
  return {
    maxFileUploadSizeMB: CONFIG_DEFAULTS.maxFileUploadSizeMB,
    maxAudioFileUploadSizeMB: CONFIG_DEFAULTS.maxAudioFileUploadSizeMB,
    requestTimeoutInSeconds: CONFIG_DEFAULTS.requestTimeoutInSeconds,
    taskResultExpiryTime: CONFIG_DEFAULTS.taskResultExpiryTime,
    osProxyUrl: null,
    hasError,
    customization: DEFAULT_CUSTOMIZATION,
  };
}
