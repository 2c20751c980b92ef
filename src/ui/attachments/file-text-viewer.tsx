import { useState } from 'react';
import { BIDI_CONTROL_CHARS, isolatedName, showBidiControls } from '../../lib/bidi-controls';
import { downloadFile } from '../../lib/download-file';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { t } from './attachments-text';
import './file-block-view.css';

export interface FileTextViewerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The file's name, the dialog's title. */
  name: string;
  /** A PDF's text is its extracted text: Download saves it as `name.txt`. */
  kind: 'text' | 'pdf';
  /** Shown as it is, in a text node: a file of HTML shows its tags and never runs. */
  text: string;
  /** Where the clipboard is; injectable for tests. */
  clipboard?: Pick<Clipboard, 'writeText'>;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** The name a download of the text gets: a PDF's text is plain text, not a PDF. */
export const textDownloadName = (name: string, kind: 'text' | 'pdf') => {
  // Without bidirectional controls: a saved `invoice-\u202Efdp.txt` would read as `invoice-txt.pdf`.
  const plain = name.replace(BIDI_CONTROLS, '');
  return kind === 'pdf' ? `${plain}.txt` : plain;
};
const BIDI_CONTROLS = new RegExp(`[${BIDI_CONTROL_CHARS}]`, 'g');

/**
 * A sent text or code file (or a PDF's text) read in a dialog, with Copy and Download. The text is
 * kept and downloaded as `text/plain`, so no file becomes a page with the app's origin.
 */
export function FileTextViewer({ open, onOpenChange, name, kind, text, clipboard }: FileTextViewerProps) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const copyText = async () => {
    try {
      const target = clipboard ?? navigator.clipboard;
      if (!target) throw new Error('no clipboard');
      await target.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };
  const download = () => downloadFile(new Blob([text], { type: 'text/plain;charset=utf-8' }), textDownloadName(name, kind));
  return (
    <Dialog
      className="file-viewer"
      size="lg"
      open={open}
      onOpenChange={(next) => {
        if (!next) setCopy('idle');
        onOpenChange(next);
      }}
      title={<bdi>{showBidiControls(name)}</bdi>}
      description={kind === 'pdf' ? t('attachments.fileViewer.pdfText') : undefined}
      footer={
        <>
          <span className="visually-hidden" role="status">
            {copy === 'copied' ? t('attachments.fileViewer.copied') : copy === 'failed' ? t('attachments.fileViewer.copyFailed') : ''}
          </span>
          <Button variant="outline" color="neutral" icon={copy === 'copied' ? 'lucide:check' : 'lucide:copy'} onClick={() => void copyText()}>
            {copy === 'copied' ? t('attachments.fileViewer.copied') : copy === 'failed' ? t('attachments.fileViewer.copyFailed') : t('attachments.fileViewer.copy')}
          </Button>
          <Button variant="outline" color="neutral" icon="lucide:download" onClick={download}>
            {t('attachments.fileViewer.download')}
          </Button>
        </>
      }
    >
      {/* Focusable so a keyboard user can scroll a long file. */}
      <pre className="file-viewer__text" tabIndex={0} aria-label={t('attachments.fileViewer.textLabel', { name: isolatedName(name) })}>
        {text}
      </pre>
    </Dialog>
  );
}
