// The measuring loop, the same for every renderer: the text grows by STEP_CHARS at a time; each
// step re-renders the message with the whole text so far inside flushSync, forces layout by
// reading offsetHeight, then yields a task. A renderer too slow to run every step is measured
// on every `stride`-th step only (evenly spread samples); the runner scales its totals.
import type { ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

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

declare global {
  interface Window {
    bench?: { name: string; run(text: string, stride: number, follow?: boolean): Promise<RunResult> };
  }
}

export function installBench(name: string, Message: ComponentType<MessageProps>) {
  window.bench = { name, run: (text, stride, follow = false) => run(Message, text, stride, follow) };
}
