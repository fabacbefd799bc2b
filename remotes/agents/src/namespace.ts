/** The remote's i18n namespace: module.tsx registers its texts under it, the routes read them. */
export const NAMESPACE = 'agents';
