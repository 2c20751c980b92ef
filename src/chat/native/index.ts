/**
 * The door of native/: what the formats of their own (issue 27: anthropic/, responses/) share —
 * the client around a format's path, body, event reader and whole reply (`createNativeModel`), the
 * reader of events named by type, and a PDF sent as a file instead of its text.
 */
export { createNativeModel, type NativeFormat } from './native-model';
export { count, createNativeDecoder, isObject, text, type Json, type NativeEvents, type NativeState } from './native-decoder';
export { withoutDocumentText } from './request-documents';
