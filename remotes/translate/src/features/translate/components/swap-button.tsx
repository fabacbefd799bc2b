import { IconButton } from '@assistant/ui';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';

function SwapIcon() {
  return (
    <svg className="ui-icon" viewBox="0 0 24 24" width="1.25em" height="1.25em" aria-hidden="true" focusable="false">
      <path
        d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export interface SwapButtonProps {
  disabled: boolean;
  onSwap(): void;
}

/** Swaps source and target language; disabled for "Detect automatically". */
export function SwapButton({ disabled, onSwap }: SwapButtonProps) {
  const { t } = useTranslation(NAMESPACE);
  return (
    <IconButton
      className="translate-bar__swap"
      aria-label={t('choices.swap')}
      icon={<SwapIcon />}
      disabled={disabled}
      onClick={onSwap}
    />
  );
}
