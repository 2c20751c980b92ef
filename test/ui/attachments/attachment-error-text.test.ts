import { describe, expect, it } from 'vitest';
import { attachmentErrorText } from '../../../src/ui/attachments';

/** The limits the chat domain passes (its MAX_* constants), in decimal units as the sentences show them. */
const limits = { maxFileBytes: 20_000_000, maxMessageBytes: 50_000_000, maxFiles: 20, locale: 'en' };

describe('attachmentErrorText', () => {
  it.each([
    ['unsupported-type', 'report.exe', {}, 'report.exe: this type of file cannot be attached. Attach images (PNG, JPEG, WebP, GIF), text or code files, or PDFs.'],
    ['empty', 'blank.txt', {}, 'blank.txt is empty: there is nothing in it to attach.'],
    ['too-large', 'big.pdf', { size: 31_000_000 }, 'big.pdf is 31 MB; the limit is 20 MB per file.'],
    ['message-too-large', 'video.gif', {}, 'video.gif was not attached: with it the message would pass 50 MB of files. Send it in a message of its own.'],
    ['too-many-files', 'page-21.png', {}, 'page-21.png was not attached: a message takes at most 20 files. Send it in another message.'],
    ['pdf-encrypted', 'secret.pdf', {}, 'secret.pdf is password-protected. Save a copy without a password and attach that.'],
    ['pdf-invalid', 'broken.pdf', {}, 'broken.pdf could not be read as a PDF: the file may be damaged. Try exporting it to PDF again.'],
    ['image-undecodable', 'photo.heic', {}, 'photo.heic could not be opened as an image: it may be damaged or in a format this browser cannot decode. Save it as PNG or JPEG and attach that.'],
    ['not-text', 'app.js', {}, 'app.js is not a text file (it holds binary data), so it cannot be attached as text.'],
    ['something-new', 'x.txt', {}, 'x.txt could not be attached. Try again, or attach it in another format.'],
  ])('%s', (code, name, extra, sentence) => {
    expect(attachmentErrorText(code, name, { ...limits, ...extra })).toBe(sentence);
  });
});
