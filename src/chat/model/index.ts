/** The door of model/: the ChatModel port every model server plugs into (its registry, its errors). model-messages.ts, used only after the first screen, is a named door. */
export { type ReasoningEffort, type ChatDelta, type ChatErrorCode, type ChatModel, ChatModelError, type ChatModelMessage, type ChatModelDocument, type ChatModelRegistry, type ChatModelRequest, chatModels, type OpenAiTool, createChatModelRegistry, getChatModel, resetChatModel, setChatModel, subscribeChatModel } from './chat-model';
export { deferredModel } from './deferred-model';
