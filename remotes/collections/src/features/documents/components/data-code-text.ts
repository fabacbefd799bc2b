import type { FileError } from '@assistant/contracts';
import type { TFunction } from 'i18next';

/** The user's text for why processing failed: the text of its DATA code (never the server's English detail). */
export function dataCodeText(t: TFunction, error: Pick<FileError, 'dataCode'> | null | undefined): string {
  return error ? t(`dataCodes.${error.dataCode}`, { defaultValue: t('dataCodes.unknown') }) : t('dataCodes.unknown');
}
