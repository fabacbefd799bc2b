/** The remote's i18n namespace: module.tsx registers its texts under it, the features read them. */
export const NAMESPACE = 'usecases';
