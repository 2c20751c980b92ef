// The measuring loop, the same for every renderer: the text grows by STEP_CHARS at a time; each
// step re-renders the message with the whole text so far inside flushSync, forces layout by
// reading offsetHeight, then yields a task. A renderer too slow to run every step is measured
// on every `stride`-th step only (evenly spread samples); the runner scales its totals.
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { firstChange, segmentsOf, type Segment } from './flicker';

/** Characters added per step. */
export const STEP_CHARS = 4;
/** Tasks yielded after the last step so work the renderer scheduled (highlighting, idle callbacks) is counted with its answer. */
const SETTLE_TASKS = 20;

export interface MessageProps {
  text: string;
  streaming: boolean;
}

export interface RunResult {
  steps: number;
  stride: number;
  /** The steps measured (1-based) and, for each, flushSync + layout time in ms. */
  measuredSteps: number[];
  updates: number[];
  /** From the first step to the end of the settle tasks, in ms. */
  wall: number;
}

/** Yields a task without setTimeout's 4 ms clamp. */
function yieldTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * `follow` keeps the end of the message in view after each step, as a chat does while a reply
 * streams (not part of the method in bench/README.md; an extra view of the same work).
 */
async function run(Message: ComponentType<MessageProps>, text: string, stride: number, follow: boolean): Promise<RunResult> {
  const stage = document.getElementById('stage')!;
  const container = document.createElement('article');
  container.className = 'bench-message';
  stage.append(container);
  const root = createRoot(container);
  const steps = Math.ceil(text.length / STEP_CHARS);
  const measuredSteps: number[] = [];
  const updates: number[] = [];
  const started = performance.now();
  for (let step = Math.min(stride, steps); ; step = Math.min(step + stride, steps)) {
    const end = Math.min(step * STEP_CHARS, text.length);
    const before = performance.now();
    flushSync(() => root.render(<Message text={text.slice(0, end)} streaming={end < text.length} />));
    void container.offsetHeight;
    updates.push(performance.now() - before);
    measuredSteps.push(step);
    if (follow) document.scrollingElement!.scrollTop = document.scrollingElement!.scrollHeight;
    await yieldTask();
    if (step === steps) break;
  }
  for (let i = 0; i < SETTLE_TASKS; i += 1) await yieldTask();
  const wall = performance.now() - started;
  root.unmount();
  container.remove();
  document.scrollingElement!.scrollTop = 0;
  return { steps, stride, measuredSteps, updates, wall };
}

export interface FlickerResult {
  steps: number;
  /** Streaming renders that were not a prefix of the final render (bench/README.md, "Flicker"). */
  flickers: number;
  /** A few of them, for reading: the step, the last characters so far, and the first segment that differs from the final render. */
  examples: { step: number; source: string; shown: Segment[]; final: Segment[] }[];
}

/** Examples kept per answer: enough to see the kinds of flicker, small enough to print. */
const FLICKER_EXAMPLES = 12;

/** Streams `text` STEP_CHARS at a time as `run` does, keeping what each render showed, then compares every step with the final render. */
async function flicker(Message: ComponentType<MessageProps>, text: string): Promise<FlickerResult> {
  const container = document.createElement('article');
  document.getElementById('stage')!.append(container);
  const root = createRoot(container);
  const steps = Math.ceil(text.length / STEP_CHARS);
  const shown: Segment[][] = [];
  for (let step = 1; step < steps; step += 1) {
    flushSync(() => root.render(<Message text={text.slice(0, step * STEP_CHARS)} streaming />));
    shown.push(segmentsOf(container));
    // A timer task, as a network chunk arrives in a task of its own: work the renderer left to
    // timers (typesetting, highlighting) gets its turn between chunks, as it does in a real stream.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  flushSync(() => root.render(<Message text={text} streaming={false} />));
  for (let i = 0; i < SETTLE_TASKS; i += 1) await yieldTask();
  const final = segmentsOf(container);
  root.unmount();
  container.remove();
  const examples: FlickerResult['examples'] = [];
  let flickers = 0;
  shown.forEach((segments, index) => {
    const changed = firstChange(segments, final);
    if (changed === -1) return;
    flickers += 1;
    if (examples.length < FLICKER_EXAMPLES && (examples.length === 0 || index - examples[examples.length - 1]!.step > 8)) {
      const source = text.slice(Math.max(0, (index + 1) * STEP_CHARS - 80), (index + 1) * STEP_CHARS);
      examples.push({ step: index, source, shown: segments.slice(changed, changed + 1), final: final.slice(changed, changed + 1) });
    }
  });
  return { steps: shown.length, flickers, examples };
}

declare global {
  interface Window {
    bench?: {
      name: string;
      run(text: string, stride: number, follow?: boolean): Promise<RunResult>;
      flicker(text: string): Promise<FlickerResult>;
    };
  }
}

export function installBench(name: string, Message: ComponentType<MessageProps>) {
  window.bench = { name, run: (text, stride, follow = false) => run(Message, text, stride, follow), flicker: (text) => flicker(Message, text) };
}
