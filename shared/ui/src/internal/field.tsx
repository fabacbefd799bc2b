import { useId, type ReactNode } from 'react';

export interface FieldTextProps {
  /** Always required: every control has a visible or visually hidden label. */
  label: ReactNode;
  /** Visually hide the label (it stays the accessible name). */
  hideLabel?: boolean;
  /** Help text under the label, linked with aria-describedby. */
  description?: ReactNode;
  /** Error text; sets aria-invalid and is linked with aria-describedby. */
  error?: ReactNode;
}

export interface FieldIds {
  controlId: string;
  labelId: string;
  descriptionId: string | undefined;
  errorId: string | undefined;
  countId: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
}

const present = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== '';

/** Ids and the aria-describedby list for a labelled control with description, error and count. */
export function useFieldIds(options: {
  id?: string;
  description?: ReactNode;
  error?: ReactNode;
  count?: boolean;
  describedBy?: string;
}): FieldIds {
  const auto = useId();
  const controlId = options.id ?? `ui-field${auto}`;
  const descriptionId = present(options.description) ? `${controlId}-description` : undefined;
  const errorId = present(options.error) ? `${controlId}-error` : undefined;
  const countId = options.count ? `${controlId}-count` : undefined;
  const describedBy = [options.describedBy, descriptionId, errorId, countId].filter(Boolean).join(' ') || undefined;
  return { controlId, labelId: `${controlId}-label`, descriptionId, errorId, countId, describedBy, invalid: Boolean(errorId) };
}

export function FieldDescription({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="ui-field__description">
      {children}
    </p>
  );
}

export function FieldError({ id, children }: { id: string | undefined; children: ReactNode }) {
  if (!id) return null;
  return (
    <p id={id} className="ui-field__error">
      <svg className="ui-icon" viewBox="0 0 24 24" width="1em" height="1em" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="currentColor" />
        <path className="ui-field__error-mark" d="M12 7v6M12 16.5v.01" strokeWidth="2.25" strokeLinecap="round" />
      </svg>
      <span>{children}</span>
    </p>
  );
}
