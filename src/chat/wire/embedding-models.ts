/**
 * Whether a model only makes embeddings (it cannot chat), so the picker lists it apart and no
 * default ever lands on it (issue 22: Ollama's first model in alphabetical order can be one).
 * What the server says wins: LM Studio's `type: "embeddings"`, a `capabilities` list or object
 * (Ollama, OpenRouter-style), a `task`/`model_type`; else the name, for servers that say nothing.
 */

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Names embedding and reranking models go by: nomic-embed-text, mxbai-embed-large, bge-m3, e5-large, gte-base, all-minilm, jina-reranker… */
const EMBEDDING_NAME = /embed|\bbge[-_:]|(^|[/_:-])e5[-_:]|(^|[/_:-])gte[-_:]|all-minilm|rerank|paraphrase-|sentence-transformers/i;

const EMBEDDING_WORD = /^(embeddings?|text-embedding|feature-extraction|sentence-similarity|rerank(er|ing)?)$/i;
const CHAT_WORD = /^(llm|vlm|chat|completion|completions|text-generation|generate|tools|vision|instruct)$/i;

/** What the entry itself says: true (embeddings only), false (it chats), undefined (it does not say). */
function saidByServer(entry: Json): boolean | undefined {
  for (const field of [entry.type, entry.task, entry.model_type, entry.pipeline_tag]) {
    if (typeof field !== 'string') continue;
    if (EMBEDDING_WORD.test(field)) return true;
    if (CHAT_WORD.test(field)) return false;
  }
  const capabilities = entry.capabilities;
  const words = Array.isArray(capabilities)
    ? capabilities.filter((word): word is string => typeof word === 'string')
    : isObject(capabilities)
      ? Object.entries(capabilities).flatMap(([word, on]) => (on === true ? [word] : []))
      : undefined;
  if (words && words.length > 0) {
    if (words.some((word) => CHAT_WORD.test(word))) return false;
    if (words.some((word) => EMBEDDING_WORD.test(word))) return true;
  }
  return undefined;
}

/** Whether the model of this `/models` entry (an id string or an object) only makes embeddings. */
export function isEmbeddingEntry(entry: unknown, id: string): boolean {
  const said = isObject(entry) ? saidByServer(entry) : undefined;
  return said ?? EMBEDDING_NAME.test(id);
}
