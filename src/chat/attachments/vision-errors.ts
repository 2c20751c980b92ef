/**
 * Knowing when a model turned a request down because it holds pictures, so the UI can say
 * "<model> does not accept images" and offer to send the message without them, instead of a
 * bare server error. Servers say so in words, not codes (texts as reported by their users):
 * - OpenAI: 400 "Invalid content type. image_url is only supported by certain models."
 *   (openai; quoted in vllm-project/vllm#11629, browser-use/web-ui#274)
 * - llama.cpp without a projector: 500 "image input is not supported - hint: if this is
 *   unexpected, you may need to provide the mmproj" (ggml-org/llama.cpp#15377, #13566);
 *   older builds and llamafile: "The server was not compiled for multimodal or the model
 *   projector can't be loaded." (ggml-org/llama.cpp#8595, mozilla-ai/llamafile#298)
 * - Ollama: 400 "this model does not support image input" (ollama/ollama#17301) and "This model
 *   does not support images" (ollama/ollama#13099); Ollama before content parts:
 *   400 "json: cannot unmarshal array into Go struct field Message.messages.content of type
 *   string" (danny-avila/LibreChat#2494), which a message without pictures avoids too
 * - LM Studio: "Model does not support images. Please use a model that does."
 *   (lmstudio-ai/lmstudio-bug-tracker#362, #908)
 * - vLLM: 400 "<model> is not a multimodal model" (studio-dots-ai/dots.ocr#61, vllm-project/vllm#23402)
 */

export type VisionRejection = 'model-rejects-images';

const REJECTIONS: readonly RegExp[] = [
  /image_url is only supported by certain models/i,
  /image input is not supported/i,
  /not compiled for multimodal/i,
  /does not support image/i,
  /is not a multimodal model/i,
  /cannot unmarshal array into Go struct field .*content of type string/i,
];

/** The lowest HTTP status of a refusal (a stream's in-band error has no status: undefined). */
const FIRST_ERROR_STATUS = 400;

/**
 * Whether a failed request that carried pictures failed because of them. Only call it for a
 * request with pictures: the same words about a text request mean something else.
 */
export function visionRejection(status: number | undefined, message: string | undefined): VisionRejection | undefined {
  if (status !== undefined && status < FIRST_ERROR_STATUS) return undefined;
  if (!message) return undefined;
  return REJECTIONS.some((pattern) => pattern.test(message)) ? 'model-rejects-images' : undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/**
 * Whether a model says it takes pictures, from its entry in a model list where the server
 * tells: OpenRouter `architecture.input_modalities`, llama.cpp and Ollama `capabilities`
 * ('multimodal' / 'vision'), LM Studio's `type: 'vlm'`. Undefined: the server does not say
 * (OpenAI, vLLM), so only trying tells.
 */
export function acceptsImages(entry: unknown): boolean | undefined {
  if (!isObject(entry)) return undefined;
  const architecture = entry.architecture;
  if (isObject(architecture) && Array.isArray(architecture.input_modalities)) return strings(architecture.input_modalities).includes('image');
  if (Array.isArray(entry.capabilities)) {
    const capabilities = strings(entry.capabilities);
    return capabilities.includes('vision') || capabilities.includes('multimodal');
  }
  if (entry.type === 'vlm') return true;
  if (entry.type === 'llm') return false;
  return undefined;
}
