// Settings → Voice (issue 39): the engines offered with what leaves the device, a choice saved to
// the device's voice settings, the server's models and voices asked of the OpenAI-compatible test
// server, the speed slider, keep-audio off by default, and Check showing the doctor's findings
// without asking for the microphone (only "Test the microphone" records).
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import VoiceSection from '../../../src/app/settings/voice/voice-section';
import { forgetAudioCatalogs } from '../../../src/app/settings/voice/audio-catalog-hook';
import type { VoiceDoctor } from '../../../src/app/settings/voice/voice-check';
import { resetConnectionsStore } from '../../../src/chat/connections';
import { configureVoiceSettings, getVoiceSettingsStore, resetVoiceSettings, VOICE_SETTING, type AudioServerCheck, type BrowserVoice } from '../../../src/chat/voice';
import { TooltipProvider } from '../../../src/ui/tooltip';
import { makeConnectionsStore } from '../../chat/connections/connections-harness';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small OpenAI-compatible server for the pickers: its models and Kokoro-FastAPI's voices (the
 * test server's package reads files by file: URLs, which this DOM environment's import.meta lacks).
 */
const server = { url: '', requests: [] as string[], http: undefined as Server | undefined, reset: () => void (server.requests.length = 0), close: () => new Promise((resolve) => server.http?.close(resolve)) };
beforeAll(async () => {
  server.http = createServer((req, res) => {
    server.requests.push(req.url ?? '');
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': '*', 'content-type': 'application/json' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (req.url === '/v1/models') return void res.writeHead(200, cors).end(JSON.stringify({ object: 'list', data: ['test-model', 'whisper-1', 'whisper-large-v3', 'tts-1', 'kokoro'].map((id) => ({ id, object: 'model' })) }));
    if (req.url === '/v1/audio/voices') return void res.writeHead(200, cors).end(JSON.stringify({ voices: ['af_bella', 'af_sky', 'am_adam', 'bf_emma'] }));
    res.writeHead(404, cors).end('{}');
  });
  await new Promise<void>((resolve) => server.http!.listen(0, '127.0.0.1', resolve));
  server.url = `http://127.0.0.1:${(server.http.address() as AddressInfo).port}/v1`;
});
afterAll(() => server.close());

beforeEach(async () => {
  const harness = makeConnectionsStore({ connections: [{ id: 'test', name: 'Test server', kind: 'custom', baseUrl: server.url }], defaultModel: 'test/test-model' });
  await harness.store.init();
  resetConnectionsStore(harness.store);
});
afterEach(() => {
  cleanup();
  resetVoiceSettings();
  resetConnectionsStore();
  forgetAudioCatalogs();
  server.reset();
  delete (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A doctor whose findings the test chooses; it counts what it was asked. */
function fakeDoctor(found: Partial<VoiceDoctor> = {}) {
  const checks: AudioServerCheck[] = [];
  const doctor: VoiceDoctor = {
    microphoneSupport: () => undefined,
    microphonePermission: async () => 'prompt',
    diagnoseAudioServer: async (check) => (checks.push(check), { kind: 'working', message: 'The server’s audio endpoints work.' }),
    ...found,
  };
  return { checks, load: async () => doctor };
}

const VOICES: BrowserVoice[] = [
  { id: 'local-voice', name: 'Samantha', language: 'en-US', local: true },
  { id: 'Google UK English Female', name: 'Google UK English Female', language: 'en-GB', local: false },
];

async function show(options: { stored?: unknown; doctor?: ReturnType<typeof fakeDoctor>; record?: (signal: AbortSignal) => Promise<Blob> } = {}) {
  const rows = new Map<string, unknown>(options.stored === undefined ? [] : [[VOICE_SETTING, options.stored]]);
  configureVoiceSettings({ load: async (key) => rows.get(key), save: async (key, value) => void rows.set(key, structuredClone(value)) });
  await act(async () => {
    render(
      <TooltipProvider>
        <VoiceSection browserVoices={() => VOICES} doctor={(options.doctor ?? fakeDoctor()).load} record={options.record} />
      </TooltipProvider>,
    );
  });
  const section = await screen.findByRole('region', { name: 'Voice' });
  const ui = within(section);
  const group = (name: string) => within(ui.getByRole('group', { name }));
  return {
    ui,
    row: () => rows.get(VOICE_SETTING) as Record<string, unknown> | undefined,
    listen: group('Listen with'),
    speak: group('Speak with'),
    findings: () => ui.getByRole('status', { name: 'What Check found' }),
  };
}

/** The text an element's aria-describedby points at. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('Settings → Voice', () => {
  it('says it is this device’s; starts on the server to listen and the browser to speak, keep-audio off', async () => {
    const { ui, listen, speak } = await show();
    expect(ui.getByText('These settings are this device’s; they are not synced.')).toBeTruthy();
    expect((listen.getByRole('radio', { name: 'Your server' }) as HTMLInputElement).checked).toBe(true);
    expect((speak.getByRole('radio', { name: 'This browser’s voices' }) as HTMLInputElement).checked).toBe(true);
    const keep = ui.getByRole('switch', { name: 'Keep the recording with the message' }) as HTMLInputElement;
    expect(keep.checked).toBe(false);
    expect(description(keep)).toMatch(/backed up and synced like an attachment/);
    // The server's radio says where the recording goes: the default model's connection.
    expect(description(listen.getByRole('radio', { name: 'Your server' }))).toBe(`The recording goes to ${server.url}, and nowhere else.`);
    expect((listen.getByRole('combobox', { name: 'Connection' }) as HTMLSelectElement).selectedOptions[0]!.textContent).toBe('The default model’s (Test server)');
  });

  it('with no connection yet, the server says the recording goes to your server (never an empty address)', async () => {
    resetConnectionsStore((await (async () => {
      const empty = makeConnectionsStore({ connections: [] });
      await empty.store.init();
      return empty;
    })()).store);
    const { listen, speak } = await show();
    expect(description(listen.getByRole('radio', { name: 'Your server' }))).toMatch(/^The recording goes to your server, and nowhere else\./);
    expect(description(speak.getByRole('radio', { name: 'Your server' }))).toMatch(/^The text to speak goes to your server;/);
  });

  it('shows the browser’s recognition disabled, with why, where the browser has none', async () => {
    const { listen } = await show();
    const browser = listen.getByRole('radio', { name: 'This browser’s speech recognition' }) as HTMLInputElement;
    expect(browser.disabled).toBe(true);
    expect(description(browser)).toMatch(/Not in this browser: it has no such speech API \(Firefox has no speech recognition\)\./);
  });

  it('offers the browser’s recognition where it exists, naming whose service hears it, and saves the choice', async () => {
    (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = class {};
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Chrome/130.0 Safari/537.36');
    const { listen, row } = await show();
    const browser = listen.getByRole('radio', { name: 'This browser’s speech recognition' }) as HTMLInputElement;
    expect(browser.disabled).toBe(false);
    expect(description(browser)).toBe('Not done on this device: the browser sends the recording to Google’s speech service.');
    await act(async () => fireEvent.click(browser));
    expect(row()).toMatchObject({ transcriptionEngine: 'browser' });
    expect(getVoiceSettingsStore().getSnapshot().transcriptionEngine).toBe('browser');
    // The server's fields go with the server's choice.
    expect(listen.queryByRole('combobox', { name: 'Connection' })).toBeNull();
  });

  it('switches speaking to the server: its models and voices come from the server, a voice picked is saved', async () => {
    const { speak, row } = await show({ stored: { speechEngine: 'browser', voice: 'local-voice' } });
    await act(async () => fireEvent.click(speak.getByRole('radio', { name: 'Your server' })));
    // The browser's voice does not carry over to the server.
    expect(row()).toMatchObject({ speechEngine: 'server', voice: '' });
    const voice = await waitFor(() => speak.getByRole('combobox', { name: 'Voice' }) as HTMLSelectElement);
    expect([...voice.options].map((option) => option.value)).toEqual(['', 'af_bella', 'af_sky', 'am_adam', 'bf_emma']);
    await act(async () => fireEvent.change(voice, { target: { value: 'af_sky' } }));
    expect(row()).toMatchObject({ voice: 'af_sky' });
    const model = speak.getByRole('combobox', { name: 'Model' }) as HTMLInputElement;
    expect(model.placeholder).toBe('tts-1');
    expect([...model.list!.querySelectorAll('option')].map((option) => option.value)).toEqual(['kokoro', 'tts-1']);
    fireEvent.change(model, { target: { value: 'kokoro' } });
    await waitFor(() => expect(row()).toMatchObject({ speechModel: 'kokoro' }));
    expect(server.requests).toContain('/v1/audio/voices');
  });

  it('lists the browser’s voices, saying which are network voices, and says the text then leaves the device', async () => {
    // The browser's speech, as Chrome has it: one system voice and one of Google's network voices.
    const synthesis = Object.assign(new EventTarget(), {
      getVoices: () => VOICES.map((voice) => ({ voiceURI: voice.id, name: voice.name, lang: voice.language, localService: voice.local })),
    });
    vi.stubGlobal('speechSynthesis', synthesis);
    vi.stubGlobal('SpeechSynthesisUtterance', class {});
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Chrome/130.0 Safari/537.36');
    const { speak, row } = await show();
    const engine = speak.getByRole('radio', { name: 'This browser’s voices' }) as HTMLInputElement;
    expect(engine.disabled).toBe(false);
    expect(description(engine)).toMatch(/^The system’s voices speak on this device: on most systems nothing leaves it\./);
    const voice = speak.getByRole('combobox', { name: 'Voice' }) as HTMLSelectElement;
    expect([...voice.options].map((option) => option.textContent)).toEqual(['The browser’s default for the language', 'Samantha (en-US)', 'Google UK English Female (en-GB, network)']);
    await act(async () => fireEvent.change(voice, { target: { value: 'Google UK English Female' } }));
    expect(row()).toMatchObject({ voice: 'Google UK English Female' });
    expect(description(engine)).toBe('This voice is Google’s network voice: the text to speak goes to its service.');
  });

  it('moves the speed with its slider, showing the value, and keeps it within 0.5–2', async () => {
    const { ui, row } = await show();
    const speed = ui.getByRole('slider', { name: 'Speed' }) as HTMLInputElement;
    expect([speed.min, speed.max, speed.value]).toEqual(['0.5', '2', '1']);
    await act(async () => fireEvent.change(speed, { target: { value: '1.5' } }));
    expect(row()).toMatchObject({ speed: 1.5 });
    expect(speed.getAttribute('aria-valuetext')).toBe('1.5 times normal speed');
    expect(ui.getByText('1.5×')).toBeTruthy();
    const silence = ui.getByRole('slider', { name: 'Silence before sending' }) as HTMLInputElement;
    expect([silence.min, silence.max, silence.value]).toEqual(['300', '5000', '1200']);
    await act(async () => fireEvent.change(silence, { target: { value: '2500' } }));
    expect(row()).toMatchObject({ silenceMs: 2500 });
    expect(ui.getByText('2.5 s')).toBeTruthy();
  });

  it('refuses a language code it cannot use, keeping the saved one', async () => {
    const { ui, row } = await show({ stored: { language: 'fr' } });
    const language = ui.getByRole('textbox', { name: 'Language' }) as HTMLInputElement;
    expect(language.value).toBe('fr');
    fireEvent.change(language, { target: { value: 'French' } });
    expect(language.getAttribute('aria-invalid')).toBe('true');
    expect(description(language)).toMatch(/Use a language code such as en/);
    expect(getVoiceSettingsStore().getSnapshot().language).toBe('fr');
    await act(async () => fireEvent.change(language, { target: { value: 'pt-BR' } }));
    expect(row()).toMatchObject({ language: 'pt-BR' });
  });

  it('Check shows the doctor’s findings in a status, asking the chosen server with its models, and records nothing', async () => {
    const doctor = fakeDoctor({ microphonePermission: async () => 'denied' });
    const record = vi.fn(async () => new Blob());
    const { ui, findings } = await show({ doctor, record, stored: { transcriptionEngine: 'server', speechEngine: 'server', voice: 'af_bella' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Check' })));
    await waitFor(() => expect(findings().getAttribute('data-state')).toBe('done'));
    const text = findings().textContent!;
    expect(text).toMatch(/This page may use the microphone/);
    expect(text).toMatch(/The microphone is refused for this site\.Allow it again in the browser’s site settings/);
    expect(text).toContain(`${server.url}: The server’s audio endpoints work.`);
    expect(record).not.toHaveBeenCalled();
    // One ask for the one connection, with the fallbacks for the models left empty.
    expect(doctor.checks).toHaveLength(1);
    expect(doctor.checks[0]).toMatchObject({ connection: { baseUrl: server.url }, transcriptionModel: 'whisper-1', speechModel: 'tts-1', voice: 'af_bella', recording: undefined });
  });

  it('Check on a page over plain http from another machine says why there is no microphone and how to fix it', async () => {
    const doctor = fakeDoctor({ microphoneSupport: () => ({ kind: 'insecure-context', message: '', origin: 'http://192.168.1.20:8080' }) });
    const { ui, findings } = await show({ doctor, stored: { transcriptionEngine: 'server', speechEngine: 'browser' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Check' })));
    await waitFor(() => expect(findings().getAttribute('data-state')).toBe('done'));
    expect(within(findings()).getAllByRole('listitem')[0]!.getAttribute('data-kind')).toBe('insecure-context');
    expect(findings().textContent).toMatch(/Serve Parley over https.*http:\/\/localhost.*chrome:\/\/flags\/#unsafely-treat-insecure-origin-as-secure/);
  });

  it('Test the microphone records, and the recording goes to the server’s check (its codec)', async () => {
    const doctor = fakeDoctor({ diagnoseAudioServer: async () => ({ kind: 'codec-refused', message: 'The server refuses this browser’s recordings (audio/webm).', fix: 'Use a server that reads it.' }) });
    const recording = new Blob([new Uint8Array(8)], { type: 'audio/webm' });
    const record = vi.fn(async () => recording);
    const { ui, findings } = await show({ doctor, record, stored: { transcriptionEngine: 'server', speechEngine: 'browser' } });
    await act(async () => fireEvent.click(ui.getByRole('button', { name: 'Test the microphone' })));
    await waitFor(() => expect(findings().getAttribute('data-state')).toBe('done'));
    expect(record).toHaveBeenCalledTimes(1);
    expect(findings().textContent).toMatch(/The microphone works: a audio\/webm recording of 1 s\./);
    expect(findings().textContent).toMatch(/refuses this browser’s recordings \(audio\/webm\)\.Use a server that reads it\./);
  });
});
