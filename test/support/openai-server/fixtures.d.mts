import type { ScriptedResponse } from './server.mjs';

export const RECORDED_FIXTURES_DIR: string;
export const OWN_FIXTURES_DIR: string;

/** One entry of a fixtures.json (see its field_meanings), with its directory and body. */
export interface StreamFixture {
  name: string;
  file: string;
  protocol: string;
  status: number;
  content_type: string;
  headers?: Record<string, string>;
  expected_text: string;
  expected_reasoning: string;
  expected_finish_reason: string | null;
  expected_error: string | null;
  expect_done_marker: boolean;
  expect_truncated?: boolean;
  expected_usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  expected_timings?: Record<string, number>;
  expected_retry_after_seconds?: number;
  suggested_chunking?: { split_at_byte_offsets: number[]; why?: string };
  notes?: string;
  /** Extra expectations of our own fixtures (test/fixtures/stream). */
  expected_error_code?: string;
  expected_error_reason?: string;
  expected_events?: { type: string; data: string; lastEventId: string }[];
  expected_retry_ms?: number;
  /** Data lines that were not JSON, skipped and counted (0 when absent). */
  expected_skipped_events?: number;
  /** The tool calls assembled from the stream (none when absent). */
  expected_tool_calls?: { index: number; id?: string; name: string; arguments: string }[];
  /** The event size cap the reader is given for this fixture. */
  max_event_chars?: number;
  dir: string;
  bytes: Uint8Array;
}

export function loadFixtures(dir?: string): StreamFixture[];
export function loadFixture(name: string): StreamFixture;
export function splitAt(bytes: Uint8Array, offsets: readonly number[]): Uint8Array[];
export function fixtureResponse(
  nameOrFixture: string | StreamFixture,
  options?: { delayMs?: number; split?: readonly number[]; disconnect?: boolean },
): ScriptedResponse;
