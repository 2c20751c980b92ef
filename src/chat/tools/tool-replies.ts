import { saveMessageWithAttachments, withAttachments } from '../message-files/attachment-send';
import type { ImageAttachment } from '../attachments';
import { newId } from '../../lib/ids';
import { holdReplyLock, type LockManagerLike } from '../tabs';
import { continueUnder } from './tool-reply-actions';
import type { StoreCore } from '../state';
import { closeToolConnections, forgetToolConnection, toolConnection } from '../mcp/tool-connections';
import { resultText } from '../mcp/tool-result';
import { getToolSettingsStore, type McpServerConfig } from '../mcp/tool-settings';
import { isBuiltInServer, type BuiltInCallContext } from '../mcp/built-in-servers';
import type { ToolResult } from '../mcp';
import { BUILT_IN_SERVERS, builtInServer } from './built-in-list';
import { toolCatalogue, type ToolCatalogue } from './tool-names';
import type { RequestOffer } from './tool-reply-actions';
import { toolPictures } from './tool-pictures';
import { chainTail, isSettled, resolveCalls, stepOf, TOOL_STEP_LIMIT_FINISH } from './tool-steps';
import { CALL_FAILED_MESSAGE, DENIED_MESSAGE, parseArgs } from './tool-turn';
import type { Chat, ChatPatch, Citation, Message, ToolCall, ToolCallState } from '../types';
import { indexMessages, threadPath } from '../shapes';
import { citingTurnSources, numberedResults, turnSources } from './turn-sources';
import { chatSearchRoute, chatSearchRouteNow, WEB_SEARCH_ID } from '../web-search';
import { searchResultSources } from '../web-search/result-sources';

/**
 * The tools loop of a chat (issue 16), loaded only for chats with tool servers: a reply that ends
 * in tool calls has each call resolved and its state stored on the reply; allowed calls run (in
 * parallel, one connection per server), each settled call becomes a `tool` message, and when none
 * is left pending or running the model is asked again under the last of them.
 */

export interface ToolRepliesHost {
  core: StoreCore;
  locks: LockManagerLike | null;
  persistMessage(message: Message, patch?: ChatPatch): Promise<void>;
  /** Asks the model for the reply under `parentId` (the last tool message). */
  startReply(chatId: string, parentId: string): string | undefined;
  /** The chat as its requests see it (its project's and the defaults' tool servers applied: issue 23); default: as stored. */
  sentChat?(chat: Chat): Chat;
}

export interface ToolReplies {
  /** The `tools` of a request for this chat (listing a server's tools first if settings have none yet). */
  requestTools(chat: Chat): Promise<RequestOffer | undefined>;
  /** A reply of a chat with tools ended with calls: decide, run, continue. */
  afterReply(reply: Message): Promise<void>;
  /** A finished reply under search results gets its citations of them (turn-sources.ts), stored. */
  citeTurnSources(reply: Message): void;
  approve(messageId: string, callId: string, always?: boolean): Promise<void>;
  deny(messageId: string, callId: string): void;
  /** Stop: pending and running calls become cancelled and nothing continues; false when there were none. */
  cancel(messageId: string): boolean;
  cancelChat(chatId: string): void;
  /** Whether calls of this reply are running in this tab. */
  isRunning(messageId: string): boolean;
}

/** What the `tool` message of a settled call holds. */
interface Outcome {
  state: ToolCallState;
  content: string;
  isError: boolean;
  pictures?: ImageAttachment[];
  /** A search tool's results (issue 37): kept on the message, numbered across the turn. */
  sources?: Citation[];
}

/** The chat's servers: Parley's own it has on (first: their tools keep their bare names), then its MCP servers. */
const serversOf = (chat: Chat): McpServerConfig[] => {
  const wanted = new Set(chat.toolServers ?? []);
  // Web search through the user's SearXNG (issue 37) is Parley's web_search tool, offered while the chat searches that way.
  if (chatSearchRouteNow(chat)?.kind === 'searxng') wanted.add(WEB_SEARCH_ID);
  const builtIn = BUILT_IN_SERVERS.filter((server) => wanted.has(server.id)).map((server) => ({ id: server.id, label: server.label, url: '', tools: [...server.tools] }));
  return [
    ...builtIn,
    ...getToolSettingsStore()
      .getSnapshot()
      .servers.filter((server) => wanted.has(server.id)),
  ];
};

const catalogueOf = (servers: readonly McpServerConfig[]): ToolCatalogue =>
  toolCatalogue(servers.map((server) => ({ serverId: server.id, label: server.label, tools: server.tools ?? [], bare: builtInServer(server.id) !== undefined })));

export function createToolReplies(host: ToolRepliesHost): ToolReplies {
  const { core } = host;
  const settings = getToolSettingsStore();
  /** Per reply with calls running here: aborting it cancels them. */
  const controllers = new Map<string, AbortController>();

  const latest = (messageId: string) => core.findMessage(messageId);

  /** The reply with some calls changed, in memory and stored. */
  const updateCalls = (messageId: string, change: (call: ToolCall) => ToolCall, patch: Partial<Message> = {}): Message | undefined => {
    const reply = latest(messageId);
    if (!reply?.toolCalls) return undefined;
    const next: Message = { ...reply, ...patch, toolCalls: reply.toolCalls.map(change) };
    core.setMessage(next);
    void host.persistMessage(next);
    return next;
  };

  /** A `tool` message for one call, appended to the reply's chain and shown as the current leaf. */
  const addToolMessage = (reply: Message, callId: string, outcome: Outcome) => {
    const list = core.messagesOf(reply.chatId) ?? [];
    const parent = chainTail(reply, list);
    const at = core.now();
    const base: Message = {
      id: newId(at),
      chatId: reply.chatId,
      parentId: parent.id,
      role: 'tool',
      content: outcome.content,
      toolCallId: callId,
      isError: outcome.isError,
      status: 'complete',
      createdAt: at,
    };
    if (outcome.sources?.length) {
      // Numbered after the results the turn's earlier searches returned, as the reply will cite them.
      const before = turnSources(threadPath(indexMessages(list), parent.id)).length;
      Object.assign(base, { sources: outcome.sources, content: numberedResults(outcome.content, outcome.sources, before, isBuiltInServer(reply.toolCalls?.find((call) => call.id === callId)?.serverId ?? '')) });
    }
    const { message, rows } = withAttachments(base, outcome.pictures ?? []);
    const patch = { currentLeafId: message.id, updatedAt: at };
    core.setMessage(message);
    core.patchChat(reply.chatId, patch);
    if (rows.length === 0) return void host.persistMessage(message, patch);
    // Storage refusing the pictures is reported by the store; the result's text is already on screen.
    void saveMessageWithAttachments(core, message, rows, { patch })
      .then((stored) => stored && core.announce({ type: 'messages', chatId: reply.chatId }))
      .catch(() => {});
  };

  /** When nothing of the reply is pending or running any more: the model is asked again under its results. */
  const continueIfSettled = (messageId: string) => {
    const reply = latest(messageId);
    if (!reply?.toolCalls?.every(isSettled) || reply.toolCalls.every((call) => call.state === 'cancelled')) return;
    const tail = chainTail(reply, core.messagesOf(reply.chatId) ?? []);
    if (tail.id === reply.id) return;
    void continueUnder(host, reply.chatId, tail.id);
  };

  /** One call's end: its state on the reply and its `tool` message, unless it was cancelled meanwhile. */
  const settle = (messageId: string, callId: string, outcome: Outcome) => {
    const reply = latest(messageId);
    const call = reply?.toolCalls?.find((c) => c.id === callId);
    if (!reply || !call || isSettled(call)) return;
    const updated = updateCalls(messageId, (c) => (c.id === callId ? { ...c, state: outcome.state } : c));
    if (!updated) return;
    addToolMessage(updated, callId, outcome);
    continueIfSettled(messageId);
  };

  const controllerOf = (messageId: string) => {
    let controller = controllers.get(messageId);
    if (!controller) controllers.set(messageId, (controller = new AbortController()));
    return controller;
  };

  /** What a built-in tool may read of the reply's chat: its messages, its files' bytes. */
  const contextOf = (chatId: string): BuiltInCallContext => ({
    chatId,
    messages: core.messagesOf(chatId) ?? [],
    loadAttachment: async (id) => (await core.persist('load', (p) => p.getAttachments([id])))?.[0],
  });

  /** Runs a call already marked running: Parley's own tool in place, an MCP tool over its server's shared connection. */
  const run = (messageId: string, call: ToolCall) => {
    const { signal } = controllerOf(messageId);
    const server = settings.getSnapshot().servers.find((s) => s.id === call.serverId);
    const builtIn = call.serverId ? builtInServer(call.serverId) : undefined;
    const chatId = latest(messageId)?.chatId ?? '';
    const running: Promise<ToolResult> = builtIn
      ? builtIn.callTool(call.tool ?? '', parseArgs(call.arguments) ?? {}, signal, contextOf(chatId))
      : (async () => {
          if (!server || !call.tool) throw new Error('The tool server is no longer in the settings.');
          const address = { url: server.url, ...(server.headers && { headers: server.headers }) };
          try {
            const connection = await toolConnection(server.id, address);
            return await connection.callTool(call.tool, parseArgs(call.arguments) ?? {}, signal);
          } catch (error) {
            if (!signal.aborted) forgetToolConnection(server.id, address);
            throw error;
          }
        })();
    const done = running.then(
      (result) => {
        const pictures = toolPictures(result, call.tool ?? 'tool', core.now());
        const sources = result.isError ? undefined : (result.sources ?? searchResultSources(call.tool ?? '', result));
        settle(messageId, call.id!, { state: result.isError ? 'failed' : 'done', content: resultText(result), isError: result.isError, pictures, ...(sources?.length && { sources }) });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const reason = error instanceof Error ? error.message : String(error);
        settle(messageId, call.id!, { state: 'failed', content: `${CALL_FAILED_MESSAGE} ${reason}`.trim(), isError: true });
      },
    );
    // Other tabs tell a call running here from one a closed tab left behind by this lock.
    holdReplyLock(host.locks, messageId, done);
    void done.finally(() => {
      const reply = latest(messageId);
      if (!reply?.toolCalls?.some((c) => c.state === 'running')) controllers.delete(messageId);
    });
  };

  /** Lists the server's tools now and keeps them; unreachable, the settings keep what they had (its calls fail). */
  const relist = async (server: McpServerConfig) => {
    try {
      const connection = await toolConnection(server.id, { url: server.url, ...(server.headers && { headers: server.headers }) });
      await settings.updateServer(server.id, { tools: await connection.listTools(), listedAt: core.now() });
    } catch {
      // Unreachable now: the chat goes on with the other servers' tools.
    }
  };

  /**
   * A tool allowed to run unasked runs only as the user allowed it (issue 20): the servers of such
   * calls are listed again first, so a tool redefined since asks again (and says what changed).
   */
  const relistAllowed = async (reply: Message, servers: readonly McpServerConfig[]) => {
    const { policies } = settings.getSnapshot();
    const catalogue = catalogueOf(servers);
    const allowed = new Set(
      (reply.toolCalls ?? []).flatMap((call) => {
        const target = catalogue.resolve(call.name);
        return target && typeof policies[target.serverId]?.[target.tool] === 'object' ? [target.serverId] : [];
      }),
    );
    await Promise.all(servers.filter((server) => allowed.has(server.id) && !builtInServer(server.id)).map(relist));
  };

  const cancel = (messageId: string): boolean => {
    const reply = latest(messageId);
    if (!reply?.toolCalls?.some((call) => call.state === 'pending' || call.state === 'running')) return false;
    controllers.get(messageId)?.abort();
    controllers.delete(messageId);
    updateCalls(messageId, (call) => (call.state === 'pending' || call.state === 'running' ? { ...call, state: 'cancelled' } : call));
    return true;
  };

  return {
    async requestTools(chat) {
      const [route] = await Promise.all([chatSearchRoute(chat), settings.init()]);
      const servers = serversOf(chat);
      // A server added but never listed: its tools are listed now, once, and kept in the settings.
      await Promise.all(servers.filter((s) => s.tools === undefined).map(relist));
      const { tools } = catalogueOf(serversOf(chat));
      return { ...(tools.length > 0 && { tools }), ...(route?.kind === 'provider' && { webSearch: true }) };
    },

    citeTurnSources(reply) {
      const list = core.messagesOf(reply.chatId);
      const current = latest(reply.id);
      if (!list || !current || current.parentId === null) return;
      const cite = citingTurnSources(threadPath(indexMessages(list), current.parentId));
      const patch = cite?.(current);
      if (!patch?.citations) return;
      const next = { ...current, ...patch };
      core.setMessage(next);
      void host.persistMessage(next);
    },
    async afterReply(reply) {
      const stored = core.chat(reply.chatId);
      const chat = stored && (host.sentChat?.(stored) ?? stored);
      if (!chat || !reply.toolCalls?.length || reply.toolCalls.some((call) => call.state !== undefined)) return;
      await settings.init();
      await relistAllowed(reply, serversOf(chat));
      // Decided meanwhile (another afterReply for the same reply): that one stands.
      if (latest(reply.id)?.toolCalls?.some((call) => call.state !== undefined)) return;
      const { policies, stepLimit } = settings.getSnapshot();
      const byId = new Map((core.messagesOf(reply.chatId) ?? []).map((m) => [m.id, m]));
      const overLimit = stepOf(reply, byId) > stepLimit;
      const resolved = resolveCalls(reply, catalogueOf(serversOf(chat)), policies, overLimit, (serverId) => builtInServer(serverId)?.consented === true);
      const decided = new Map(resolved.map(({ call }) => [call.index, call]));
      const updated = updateCalls(reply.id, (call) => decided.get(call.index) ?? call, overLimit ? { finishReason: TOOL_STEP_LIMIT_FINISH } : {});
      if (!updated || overLimit) return;
      // The model is told why each refused call did nothing, in its order.
      for (const { call, refusal } of resolved) if (refusal !== undefined) addToolMessage(updated, call.id!, { state: 'refused', content: refusal, isError: true });
      for (const { call } of resolved) if (call.state === 'running') run(reply.id, call);
      continueIfSettled(reply.id);
    },

    async approve(messageId, callId, always = false) {
      const call = latest(messageId)?.toolCalls?.find((c) => c.id === callId);
      if (call?.state !== 'pending') return;
      await settings.init();
      // "Always" approves the tool as last listed: the definition the card was shown with.
      if (always && call.serverId && call.tool) void settings.setPolicy({ serverId: call.serverId, tool: call.tool }, 'on', builtInServer(call.serverId)?.tools.find((tool) => tool.name === call.tool));
      // Decided twice while the settings loaded: the first decision stands.
      if (latest(messageId)?.toolCalls?.find((c) => c.id === callId)?.state !== 'pending') return;
      updateCalls(messageId, (c) => (c.id === callId ? { ...c, state: 'running' } : c));
      run(messageId, { ...call, state: 'running' });
    },

    deny(messageId, callId) {
      const call = latest(messageId)?.toolCalls?.find((c) => c.id === callId);
      if (call?.state !== 'pending') return;
      settle(messageId, callId, { state: 'denied', content: DENIED_MESSAGE, isError: true });
    },

    cancel,
    cancelChat(chatId) {
      for (const message of core.messagesOf(chatId) ?? []) if (message.role === 'assistant') cancel(message.id);
    },
    isRunning: (messageId) => controllers.has(messageId),
  };
}

export { closeToolConnections };
