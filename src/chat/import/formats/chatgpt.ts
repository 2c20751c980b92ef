import { entryError, ImportError, parseJson, type ImportProblem } from '../errors';
import { chatgptCitations } from './chatgpt-citations';
import { chatgptImages, type ImageLookup } from './chatgpt-images';
import { pacer } from '../pace';
import { keptTree, TreeProblem, type TreeNode } from '../kept-tree';
import { baseName, epochMs, isRecord, mentionsKey, optionalString, type Json } from '../shape';
import { noSkips, type ImportedChat, type ImportedMessage, type ImportedProject, type ImportParser, type SkipCounts, type SkipReason } from '../types';

/**
 * ChatGPT's data export: `conversations.json` (newer exports split it into
 * `conversations-000.json`, `conversations-001.json`…), a list of conversations, each a tree of
 * nodes in `mapping` ({id, message, parent, children}) whose `current_node` is the leaf ChatGPT
 * shows. Times are seconds since the epoch. Pictures are files of the zip, named after the
 * `asset_pointer` of an `image_asset_pointer` part.
 */

const FILE_NAME = /^conversations(-\d+)?\.json$/i;

interface Node {
  kept: TreeNode;
  message?: ImportedMessage;
}

/** The part of a message a person sees, or why there is none. */
function visible(raw: Json, images: ImageLookup): { text: string; images: ImportedMessage['images'] } | SkipReason {
  const role = (raw.author as Json).role;
  const content = isRecord(raw.content) ? raw.content : {};
  const metadata = isRecord(raw.metadata) ? raw.metadata : {};
  if (metadata.is_visually_hidden_from_conversation === true) return 'hidden';
  // A reply addressed to a tool (recipient "python", "browser"…) is a tool call, not text for the user.
  if (role === 'assistant' && typeof raw.recipient === 'string' && raw.recipient !== 'all') return 'tool';
  const parts = Array.isArray(content.parts) ? content.parts : [];
  let text = '';
  if (content.content_type === 'text' || content.content_type === 'multimodal_text') {
    text = parts.filter((part): part is string => typeof part === 'string').join('\n');
  } else if (content.content_type === 'code' && typeof content.text === 'string') {
    text = '```' + (optionalString(content.language) ?? '') + '\n' + content.text + '\n```';
  }
  const found = parts.flatMap((part) => images.find(part));
  if (text.trim() === '' && found.length === 0) return role === 'system' ? 'system' : role === 'tool' ? 'tool' : 'empty';
  if (role === 'tool' && found.length === 0) return 'tool';
  return { text, images: found.length ? found : undefined };
}

function readConversation(file: string, index: number, raw: unknown, images: ImageLookup, skipped: SkipCounts): ImportedChat {
  if (!isRecord(raw)) throw entryError(file, index, '', { code: 'chat-field', params: { field: 'conversation', expected: 'object' } });
  const title = optionalString(raw.title) ?? '';
  const fail = (problem: ImportProblem) => entryError(file, index, title, problem);
  const id = optionalString(raw.conversation_id) ?? optionalString(raw.id);
  if (!id) throw fail({ code: 'chat-field', params: { field: 'id', expected: 'string' } });
  if (!isRecord(raw.mapping)) throw fail({ code: 'chat-field', params: { field: 'mapping', expected: 'object' } });
  const createdAt = epochMs(raw.create_time) ?? 0;
  const fallbackModel = optionalString(raw.default_model_slug);
  const nodes = new Map<string, Node>();
  for (const [key, node] of Object.entries(raw.mapping)) {
    if (!isRecord(node)) throw fail({ code: 'message-field', params: { message: key, field: 'node', expected: 'object' } });
    const parent = node.parent ?? null;
    if (parent !== null && typeof parent !== 'string') throw fail({ code: 'message-field', params: { message: key, field: 'parent', expected: 'string' } });
    const message = node.message;
    if (message === null || message === undefined) {
      // The empty root ChatGPT puts above every conversation: structure, not a message.
      nodes.set(key, { kept: { id: key, parent, kept: false } });
      continue;
    }
    if (!isRecord(message)) throw fail({ code: 'message-field', params: { message: key, field: 'message', expected: 'object' } });
    if (!isRecord(message.author) || typeof message.author.role !== 'string') {
      throw fail({ code: 'message-field', params: { message: key, field: 'author', expected: 'object' } });
    }
    if (!isRecord(message.content)) throw fail({ code: 'message-field', params: { message: key, field: 'content', expected: 'object' } });
    const seen = visible(message, images);
    const role = message.author.role;
    if (typeof seen === 'string' || (role !== 'user' && role !== 'assistant' && role !== 'system' && role !== 'tool')) {
      skipped[typeof seen === 'string' ? seen : 'tool']++;
      nodes.set(key, { kept: { id: key, parent, kept: false } });
      continue;
    }
    const metadata = isRecord(message.metadata) ? message.metadata : {};
    // DALL·E's pictures come back from a tool: shown as the assistant's.
    const shownRole = role === 'tool' ? 'assistant' : role;
    // A reply that searched: its markers out of the text, its sources as citations (issue 37).
    const cited = shownRole === 'assistant' ? chatgptCitations(seen.text, metadata) : { content: seen.text, citations: [] };
    const imported: ImportedMessage = {
      sourceId: key,
      parentSourceId: null,
      role: shownRole,
      content: cited.content,
      createdAt: epochMs(message.create_time) ?? createdAt,
      ...(shownRole === 'assistant' && { model: optionalString(metadata.model_slug) ?? fallbackModel }),
      ...(seen.images && { images: seen.images }),
      ...(cited.citations.length && { citations: cited.citations }),
    };
    nodes.set(key, { kept: { id: key, parent, kept: true }, message: imported });
  }
  let tree;
  try {
    tree = keptTree(new Map([...nodes].map(([key, node]) => [key, node.kept])));
  } catch (error) {
    if (error instanceof TreeProblem) throw fail(error.problem);
    throw error;
  }
  const messages = tree.order.map((key) => ({ ...nodes.get(key)!.message!, parentSourceId: tree.parentOf.get(key) ?? null }));
  const current = optionalString(raw.current_node);
  const leaf = current === undefined ? undefined : tree.nearestKept(current);
  const models = messages.filter((m) => m.model);
  const project = projectIdOf(raw);
  return {
    source: { app: 'chatgpt', id },
    title,
    createdAt: createdAt || messages[0]?.createdAt || 0,
    updatedAt: epochMs(raw.update_time) ?? createdAt,
    messages,
    ...(leaf && { currentLeafSourceId: leaf }),
    ...(models.length && { model: models[models.length - 1]!.model }),
    ...(project && { projectSourceId: project }),
  };
}

/** A ChatGPT project's id starts so (a custom GPT's is `g-…` alone): `gizmo_id`, with `gizmo_type` "snorlax". */
const PROJECT_ID_PREFIX = 'g-p-';
/** How much of a project's id names it: the export holds no project names, so the user can tell them apart and rename them. */
const PROJECT_NAME_ID_CHARS = 7;
export const CHATGPT_PROJECT_NAME = 'ChatGPT project';

/** The project a conversation belongs to, when the export names one. */
function projectIdOf(raw: Json): string | undefined {
  const id = optionalString(raw.gizmo_id);
  return id?.startsWith(PROJECT_ID_PREFIX) && id.length > PROJECT_ID_PREFIX.length ? id : undefined;
}

/** One project per project id the conversations name, spanning their dates. */
function projectsOf(chats: readonly ImportedChat[]): ImportedProject[] {
  const projects = new Map<string, ImportedProject>();
  for (const chat of chats) {
    const id = chat.projectSourceId;
    if (!id) continue;
    const known = projects.get(id);
    if (known) {
      known.createdAt = Math.min(known.createdAt, chat.createdAt);
      known.updatedAt = Math.max(known.updatedAt, chat.updatedAt);
      continue;
    }
    const name = `${CHATGPT_PROJECT_NAME} ${id.slice(PROJECT_ID_PREFIX.length, PROJECT_ID_PREFIX.length + PROJECT_NAME_ID_CHARS)}`;
    projects.set(id, { source: { app: 'chatgpt', id }, name, files: [], createdAt: chat.createdAt, updatedAt: chat.updatedAt });
  }
  return [...projects.values()];
}

export const chatgptParser: ImportParser = {
  app: 'chatgpt',
  // Tried after the others (parse-files.ts): a conversations*.json that is not Claude's is ChatGPT's, or wrong.
  detect: (file, head) => FILE_NAME.test(baseName(file.name)) || (mentionsKey(head, 'mapping') && mentionsKey(head, 'current_node')),
  async parse(file, context) {
    const data = parseJson(file.name, await file.text());
    if (!Array.isArray(data)) throw new ImportError('wrong-shape', { file: file.name, expected: 'chatgpt' });
    const images = chatgptImages(context.siblings);
    const skipped = noSkips();
    const chats: ImportedChat[] = [];
    const pace = pacer(context.signal);
    for (let index = 0; index < data.length; index++) {
      await pace();
      chats.push(readConversation(file.name, index, data[index], images, skipped));
    }
    await images.load(chats, context.signal);
    return { chats, skipped, projects: projectsOf(chats) };
  },
};
