import { Button } from '../button';
import type { DocumentPreviewTexts } from './texts';
import type { HighlightNavigation } from './use-highlight-navigation';

function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="1.25em" height="1.25em" fill="none" stroke="currentColor" strokeWidth={1.75} strokeLinecap="round" strokeLinejoin="round" focusable="false" aria-hidden="true" className="ui-icon">
      <path d={up ? 'M6 15l6-6 6 6' : 'M6 9l6 6 6-6'} />
    </svg>
  );
}

/** Previous/next highlight buttons; focus stays on the button, the move is announced politely. */
export function HighlightControls({ navigation, total, texts }: { navigation: HighlightNavigation; total: number; texts: DocumentPreviewTexts }) {
  if (total === 0) return null;
  return (
    <div className="ui-document-preview__group">
      <Button variant="secondary" size="sm" icon={<ArrowIcon up />} onClick={navigation.previous}>
        {texts.previousHighlight}
      </Button>
      <Button variant="secondary" size="sm" icon={<ArrowIcon up={false} />} onClick={navigation.next}>
        {texts.nextHighlight}
      </Button>
    </div>
  );
}

/** The polite live region of the preview (always rendered, so the first announcement is read). */
export function Announcer({ text }: { text: string }) {
  return (
    <div role="status" className="ui-visually-hidden">
      {text}
    </div>
  );
}
