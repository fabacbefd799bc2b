import type { DocumentPreviewProps, PdfDocumentPreviewProps } from './document-preview';
import { PdfPreview } from './pdf-preview';
import { TextPreview } from './text-preview';
import type { DocumentPreviewTexts } from './texts';

const NO_HIGHLIGHTS: readonly never[] = [];

function isPdf(props: DocumentPreviewProps): props is PdfDocumentPreviewProps {
  return props.source.kind === 'pdf';
}

/** The preview's inside, loaded on first use (its own chunk; pdf.js is yet another, later one). */
export default function DocumentPreviewContent({ props, texts }: { props: DocumentPreviewProps; texts: DocumentPreviewTexts }) {
  return isPdf(props) ? (
    <PdfPreview
      source={props.source}
      highlights={props.highlights ?? NO_HIGHLIGHTS}
      passageText={props.passageText}
      initialPage={props.initialPage}
      texts={texts}
    />
  ) : (
    <TextPreview text={props.source.text} highlights={props.highlights ?? NO_HIGHLIGHTS} texts={texts} />
  );
}
