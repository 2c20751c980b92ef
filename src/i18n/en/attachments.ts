/**
 * Attachments in the composer and the thread: chips, thumbnails, the image viewer, file blocks,
 * the drop overlay and the sentences that refuse a file. Registered by the attachments kit when
 * its chunk loads; only the attach button's label is on the first screen (kit.ts).
 */
export const attachments = {
  'attachments.list': 'Attachments',
  'attachments.remove': 'Remove {name}',
  'attachments.preparing': 'Preparing {name}',
  'attachments.tokens.one': '≈ {count} token',
  'attachments.tokens.other': '≈ {count} tokens',
  'attachments.tokensHint': 'Estimated cost in the model’s context',
  'attachments.pdf.asImages': 'Send pages as images',
  'attachments.pdf.noTextLayer': 'No text layer (scanned?)',
  'attachments.pdf.pages.one': '{count} page',
  'attachments.pdf.pages.other': '{count} pages',
  'attachments.thumbnails': 'Images',
  'attachments.thumbnail.open': 'Open image {name}',
  'attachments.picture.unsafe': 'is not shown: its type is not one Parley displays as a picture (PNG, JPEG, WebP, GIF, AVIF or BMP), so it is kept only as data.',
  'attachments.viewer.previous': 'Previous image',
  'attachments.viewer.next': 'Next image',
  'attachments.viewer.position': 'Image {index} of {total}',
  'attachments.viewer.zoomIn': 'Zoom in',
  'attachments.viewer.zoomOut': 'Zoom out',
  'attachments.viewer.fit': 'Fit to screen',
  'attachments.viewer.zoomLevel': '{percent}%',
  'attachments.viewer.zoomFitted': 'Fit',
  'attachments.viewer.zoomTimes': '{factor}× fit',
  'attachments.viewer.download': 'Download image',
  'attachments.file.summary': '{name} · {size}',
  'attachments.file.open': 'Open {name}',
  'attachments.fileViewer.pdfText': 'The text found in this PDF, as it was sent to the model.',
  'attachments.fileViewer.textLabel': 'The text of {name}',
  'attachments.fileViewer.copy': 'Copy text',
  'attachments.fileViewer.copied': 'Copied',
  'attachments.fileViewer.copyFailed': 'Could not copy',
  'attachments.fileViewer.download': 'Download',
  'attachments.file.summaryPages': '{name} · {size} · {pages}',
  'attachments.file.truncated': 'Only the start of this file is shown and sent: it is longer than the text limit.',
  'attachments.file.encoding': 'This file is not UTF-8 text. It was read as Windows-1252, so some characters may be wrong.',
  'attachments.drop': 'Drop files to attach',
  'attachments.error.unsupported-type':
    '{name}: this type of file cannot be attached. Attach images (PNG, JPEG, WebP, GIF), text or code files, or PDFs.',
  'attachments.error.empty': '{name} is empty: there is nothing in it to attach.',
  'attachments.error.too-large': '{name} is {size}; the limit is {limit} per file.',
  'attachments.error.message-too-large':
    '{name} was not attached: with it the message would pass {limit} of files. Send it in a message of its own.',
  'attachments.error.too-many-files':
    '{name} was not attached: a message takes at most {limit} files. Send it in another message.',
  'attachments.error.pdf-encrypted': '{name} is password-protected. Save a copy without a password and attach that.',
  'attachments.error.pdf-invalid': '{name} could not be read as a PDF: the file may be damaged. Try exporting it to PDF again.',
  'attachments.error.image-undecodable':
    '{name} could not be opened as an image: it may be damaged or in a format this browser cannot decode. Save it as PNG or JPEG and attach that.',
  'attachments.error.not-text': '{name} is not a text file (it holds binary data), so it cannot be attached as text.',
  'attachments.error.unknown': '{name} could not be attached. Try again, or attach it in another format.',
  // The composers (home and chat pages): what happened to the files the user gave them.
  'attachments.refused.one': 'A file was not attached',
  'attachments.refused.other': '{count} files were not attached',
  'attachments.dismissRefused': 'Dismiss',
  'attachments.waiting': 'Preparing the files: the message goes as soon as they are ready.',
  'attachments.storageFull':
    'Storage is full: Parley uses {used} of {quota} allowed. Nothing is lost: your message and its files stay here. Delete chats you no longer need (their files go with them) or free space in the browser’s site settings, then send again.',
  'attachments.storageFull.unknown':
    'Storage is full. Nothing is lost: your message and its files stay here. Delete chats you no longer need (their files go with them) or free space in the browser’s site settings, then send again.',
  'attachments.modelTakesNoImages': '{model} says it does not accept pictures: the server may refuse this message. Remove the pictures, or pick a vision model.',
  'attachments.context.one': 'This message is about {count} token; {model} takes {limit}. Remove a file or send a shorter part of it.',
  'attachments.context.other': 'This message is about {count} tokens; {model} takes {limit}. Remove a file or send a shorter part of it.',
} as const;
