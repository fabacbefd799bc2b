import { z } from './zod-mini';
import { emailSchema, httpUrlSchema } from './basics';

// zod/mini: GET /api/config is on the shell's start-up path.

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

const nonNegative = z.number().check(z.gte(0, 'Must not be below 0'));
// Links a user opens: http(s) only, so a javascript: link can never be configured.
const link = httpUrlSchema;
/** Media the portal loads itself: an http(s) URL or a path on the portal's own origin. */
const mediaUrl = z.union([httpUrlSchema, z.string().check(z.regex(/^\/[^/\s]\S*$/, 'Must be a URL or a path starting with /'))]);

export const localeSchema = z.enum(['de', 'en']);
export type Locale = z.infer<typeof localeSchema>;

/** One text per interface language. */
export const localizedTextSchema = z.object({ de: z.string(), en: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

/** A logo or favicon; `data` is the file's base64 content. SVGs are sanitized on upload. */
export const brandImageSchema = z.object({
  data: z.string().check(z.minLength(1)),
  type: z.enum(['svg', 'png']),
  name: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type BrandImage = z.infer<typeof brandImageSchema>;

/** Largest logo or favicon an administrator may upload, in bytes (before base64). */
export const BRAND_IMAGE_MAX_BYTES = 512 * 1024;

/**
 * A logo or favicon as an administrator sends it: base64 of at most BRAND_IMAGE_MAX_BYTES. The
 * server still checks the content (PNG signature, SVG sanitized) before it stores it.
 */
export const brandImageUploadSchema = z.extend(brandImageSchema, {
  data: z
    .string()
    .check(
      z.minLength(1, 'Choose a PNG or SVG file'),
      z.maxLength(Math.ceil(BRAND_IMAGE_MAX_BYTES / 3) * 4, `Must be at most ${BRAND_IMAGE_MAX_BYTES / 1024} KB`),
      z.regex(/^[A-Za-z0-9+/]+={0,2}$/, 'Must be base64'),
    ),
});

const NAMED_COLORS = new Set(
  (
    'transparent currentcolor aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
    'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue ' +
    'darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid ' +
    'darkred darksalmon darkseagreen darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink ' +
    'deepskyblue dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold ' +
    'goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ivory khaki lavender lavenderblush ' +
    'lawngreen lemonchiffon lightblue lightcoral lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey ' +
    'lightpink lightsalmon lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow lime ' +
    'limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid mediumpurple mediumseagreen ' +
    'mediumslateblue mediumspringgreen mediumturquoise mediumvioletred midnightblue mintcream mistyrose moccasin ' +
    'navajowhite navy oldlace olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
    'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red rosybrown royalblue ' +
    'saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue slateblue slategray slategrey snow ' +
    'springgreen steelblue tan teal thistle tomato turquoise violet wheat white whitesmoke yellow yellowgreen'
  ).split(' '),
);
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const COLOR_NUMBER = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:%|deg|turn|rad|grad)?`;
const FUNCTIONAL_COLOR = new RegExp(
  String.raw`^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*(?:${COLOR_NUMBER}|none)(?:\s*[,\s/]\s*(?:${COLOR_NUMBER}|none)){2,3}\s*\)$`,
  'i',
);

/** True for a plain CSS colour: #hex, rgb()/hsl() and the like with numbers, or a named colour. */
export function isCssColor(value: string): boolean {
  const v = value.trim();
  return v.length <= 64 && (HEX_COLOR.test(v) || FUNCTIONAL_COLOR.test(v) || NAMED_COLORS.has(v.toLowerCase()));
}

/** A CSS colour as an administrator writes it (no second declaration, url() or var()). */
export const cssColorSchema = z.string().check(z.refine(isCssColor, 'Must be a CSS colour such as #1d4ed8 or rgb(29 78 216)'));

export const privacyNoticeEntrySchema = z.object({
  text: z.string(),
  links: z._default(z.array(z.object({ label: z.string().check(z.minLength(1)), url: link })), []),
});
export const privacyPolicyNoticeSchema = z.object({ de: privacyNoticeEntrySchema, en: privacyNoticeEntrySchema });
export type PrivacyPolicyNotice = z.infer<typeof privacyPolicyNoticeSchema>;

export const fontsSchema = z.object({
  family: z.string().check(z.minLength(1), z.maxLength(100)),
  size: z.number().check(z.gte(1), z.lte(64)),
});

/**
 * A sign-language video explaining part of the portal (configured by administrators,
 * shown on /sign-language with its captions).
 */
export const signLanguageVideoSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9-]{1,64}$/, 'Must be a short id of a-z, 0-9 and -')),
  title: localizedTextSchema,
  description: z.optional(localizedTextSchema),
  video_url: mediaUrl,
  /** WebVTT captions per interface language; at least the German ones. */
  captions: z.object({ de: mediaUrl, en: z.optional(mediaUrl) }),
  poster_url: z.optional(mediaUrl),
});
export type SignLanguageVideo = z.infer<typeof signLanguageVideoSchema>;

/** A theme token a colour is set for: primary, background, ... */
const colorTokenSchema = z.string().check(z.regex(/^[a-z][a-zA-Z0-9-]*$/));

/** Longest application or company name of the customization, in characters. */
export const CUSTOMIZATION_NAME_MAX_LENGTH = 100;

export const customizationSchema = z.object({
  application_name: z.string().check(z.minLength(1), z.maxLength(CUSTOMIZATION_NAME_MAX_LENGTH)),
  company_name: z.optional(z.string().check(z.maxLength(CUSTOMIZATION_NAME_MAX_LENGTH))),
  logo: z.optional(z.nullable(brandImageSchema)),
  favicon: z.optional(z.nullable(brandImageSchema)),
  /** CSS colour values by theme token (for example primary, background). */
  colors: z._default(z.record(colorTokenSchema, z.string().check(z.maxLength(64))), {}),
  fonts: fontsSchema,
  privacy_policy_notice: privacyPolicyNoticeSchema,
  accessibility_statement: z.optional(localizedTextSchema),
  help_center_enabled: z._default(z.boolean(), false),
  create_your_own_enabled: z._default(z.boolean(), false),
  /** The guided start on a user's first visit (docs/get-started.md); administrators can switch it off. */
  get_started_enabled: z._default(z.boolean(), true),
  imprint_link: z.optional(z.nullable(link)),
  documentation_link: z.optional(z.nullable(link)),
  help_center_link: z.optional(z.nullable(link)),
  support_email: z.optional(z.nullable(emailSchema)),
  support_phone: z.optional(z.nullable(z.string().check(z.maxLength(50)))),
  default_applications: z._default(z.array(z.string().check(z.minLength(1))), []),
  sign_language_videos: z._default(z.array(signLanguageVideoSchema).check(z.maxLength(50)), []),
});
export type Customization = z.infer<typeof customizationSchema>;

/**
 * The customization as an administrator writes it (PATCH /api/admin/settings): the stored shape
 * with stricter rules for new values (colours are CSS colours, images within the size limit).
 * Reading stays lenient so that a value stored before a rule existed never breaks the portal.
 */
export const customizationWriteSchema = z.extend(customizationSchema, {
  application_name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Must not be empty'), z.maxLength(CUSTOMIZATION_NAME_MAX_LENGTH)),
  logo: z.optional(z.nullable(brandImageUploadSchema)),
  favicon: z.optional(z.nullable(brandImageUploadSchema)),
  colors: z._default(z.record(colorTokenSchema, cssColorSchema), {}),
});

/** GET /api/config */
export const configSchema = z.object({
  maxFileUploadSizeMB: nonNegative,
  maxAudioFileUploadSizeMB: nonNegative,
  requestTimeoutInSeconds: nonNegative,
  taskResultExpiryTime: nonNegative,
  osProxyUrl: z.nullable(link),
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
  get_started_enabled: true,
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
