/** The remote's i18n namespace (module.tsx registers its texts under it). */
export const NAMESPACE = 'translate';
