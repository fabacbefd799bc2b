import { writeClipboardText } from '@assistant/platform';
import { Button, downloadBlob } from '@assistant/ui';
import { Packer } from 'docx';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../namespace';
import { useDisclosure } from '../hooks/use-disclosure';
import { canvasFileName } from '../model/canvas-files';
import { markdownToDocx } from '../model/markdown-to-docx';
import { printCanvas } from '../model/print-canvas';

export interface CanvasExportProps {
  title: string;
  /** The document as it is in the editor now (unsaved text included). */
  markdown(): string;
  /** The editor's rendered document, for printing. */
  html(): string;
  language: string;
  announce(text: string): void;
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * Copy as Markdown, download `.md` or `.docx`, print: a disclosure of four buttons (Escape closes
 * it and returns to its toggle). Each exports what the editor shows, saved or not.
 */
export function CanvasExport({ title, markdown, html, language, announce }: CanvasExportProps) {
  const { t } = useTranslation(NAMESPACE);
  const { open, id, toggle, close, onKeyDown } = useDisclosure();
  const done = (text: string) => {
    close(true);
    announce(text);
  };
  const actions = {
    copy: async () => done(t((await writeClipboardText(markdown())) ? 'canvas.export.copied' : 'canvas.export.copyFailed')),
    markdown: () => {
      downloadBlob(new Blob([markdown()], { type: 'text/markdown;charset=utf-8' }), canvasFileName(title, 'md'));
      done(t('canvas.export.downloaded', { name: canvasFileName(title, 'md') }));
    },
    docx: async () => {
      try {
        const blob = await Packer.toBlob(markdownToDocx(markdown(), title));
        downloadBlob(new Blob([blob], { type: DOCX_TYPE }), canvasFileName(title, 'docx'));
        done(t('canvas.export.downloaded', { name: canvasFileName(title, 'docx') }));
      } catch (error) {
        console.error('The Word document could not be made', error);
        done(t('canvas.export.docxFailed'));
      }
    },
    print: () => {
      close();
      printCanvas(title, html(), language);
    },
  };
  return (
    <div className="canvas-popover-anchor" onKeyDown={onKeyDown}>
      <Button variant="secondary" size="sm" {...toggle}>
        {t('canvas.export.toggle')}
      </Button>
      <div id={id} className="canvas-popover canvas-popover--down" role="group" aria-label={t('canvas.export.label')} hidden={!open}>
        <Button variant="ghost" size="sm" onClick={() => void actions.copy()}>
          {t('canvas.export.copy')}
        </Button>
        <Button variant="ghost" size="sm" onClick={actions.markdown}>
          {t('canvas.export.markdown')}
        </Button>
        <Button variant="ghost" size="sm" onClick={() => void actions.docx()}>
          {t('canvas.export.docx')}
        </Button>
        <Button variant="ghost" size="sm" onClick={actions.print}>
          {t('canvas.export.print')}
        </Button>
      </div>
    </div>
  );
}
