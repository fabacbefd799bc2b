import type { ReactNode } from 'react';

export interface FieldGroupProps {
  /** The fieldset's id; its description and error get `<id>-description` and `<id>-error`. */
  id: string;
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  className?: string;
  children: ReactNode;
}

/**
 * A group of controls (radios, checkboxes, a list of inputs) as a fieldset: the legend names it,
 * its description and its error are tied to it with aria-describedby, like a single field's.
 */
export function FieldGroup({ id, legend, description, error, className, children }: FieldGroupProps) {
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset id={id} className={`agent-form__group${error ? ' ui-field--invalid' : ''}${className ? ` ${className}` : ''}`} aria-describedby={describedBy}>
      <legend className="agent-form__legend">{legend}</legend>
      {description && (
        <p id={descriptionId} className="ui-field__description">
          {description}
        </p>
      )}
      {children}
      {error && (
        <p id={errorId} className="ui-field__error">
          <span>{error}</span>
        </p>
      )}
    </fieldset>
  );
}
