import { BRAND_IMAGE_MAX_BYTES, type BrandImage } from '@assistant/contracts';
import { Button } from '@assistant/ui';
import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SHELL_NAMESPACE } from '../../app/shell-i18n';
import { brandImageUrl } from '../../branding/use-branding';

interface Props {
  label: string;
  image: BrandImage | null | undefined;
  error: string | undefined;
  onChange(image: BrandImage | null): void;
}

const KB = BRAND_IMAGE_MAX_BYTES / 1024;

/** What a chosen file is by its name and media type: PNG, SVG or neither. */
function imageType(file: File): BrandImage['type'] | undefined {
  const name = file.name.toLowerCase();
  if (file.type === 'image/svg+xml' || name.endsWith('.svg')) return 'svg';
  if (file.type === 'image/png' || name.endsWith('.png')) return 'png';
  return undefined;
}

/** The file's content as base64 (what the contract's `data` holds). */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * A logo or favicon: a PNG or SVG file chosen here, previewed through <img> (never inlined, so an
 * SVG cannot run anything). The server checks and sanitizes it on save; the saved version is what
 * the preview shows afterwards.
 */
export function BrandImageField({ label, image, error, onChange }: Props) {
  const { t } = useTranslation(SHELL_NAMESPACE);
  const inputId = useId();
  const [localError, setLocalError] = useState<string | undefined>(undefined);
  const shown = localError ?? error;
  const url = brandImageUrl(image);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const type = imageType(file);
    if (!type || file.size === 0 || file.size > BRAND_IMAGE_MAX_BYTES) {
      setLocalError(t('CUSTOMIZATION.errors.image', { kb: KB }));
      return;
    }
    try {
      const data = await base64Of(file);
      setLocalError(undefined);
      onChange({ type, name: file.name.slice(0, 200), data });
    } catch {
      setLocalError(t('CUSTOMIZATION.errors.image', { kb: KB }));
    }
  }

  return (
    <div className={shown ? 'ui-field ui-field--invalid' : 'ui-field'}>
      <label htmlFor={inputId} className="ui-field__label">
        {label}
      </label>
      <p id={`${inputId}-hint`} className="ui-field__description">
        {t('CUSTOMIZATION.imageHint', { kb: KB })}
      </p>
      <input
        id={inputId}
        type="file"
        accept=".png,.svg,image/png,image/svg+xml"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? `${inputId}-hint ${inputId}-error` : `${inputId}-hint`}
        onChange={(event) => void choose(event)}
      />
      {shown && (
        <p id={`${inputId}-error`} className="ui-field__error">
          {shown}
        </p>
      )}
      {image && url ? (
        <div className="customization-image">
          <img src={url} alt={t('CUSTOMIZATION.imagePreview', { name: image.name })} className="customization-image__preview" />
          <Button variant="secondary" size="sm" onClick={() => onChange(null)}>
            {t('CUSTOMIZATION.imageRemove', { label })}
          </Button>
        </div>
      ) : (
        <p className="ui-field__description">{t('CUSTOMIZATION.imageNone')}</p>
      )}
    </div>
  );
}
