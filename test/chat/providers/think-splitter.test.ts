// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createThinkSplitter, type ThinkPiece } from '../../../src/chat/chat-completions';

/** Feeds the deltas and folds the pieces the way a stored message grows. */
function split(deltas: string[]) {
  const splitter = createThinkSplitter();
  const pieces: ThinkPiece[] = [...deltas.flatMap((d) => splitter.push(d)), ...splitter.end()];
  let content = '';
  let reasoning = '';
  for (const piece of pieces) {
    if (piece.type === 'rewind') {
      reasoning += content;
      content = '';
    } else if (piece.type === 'content') content += piece.text;
    else reasoning += piece.text;
  }
  return { content, reasoning, rewinds: pieces.filter((p) => p.type === 'rewind').length };
}

describe('inline <think> reasoning', () => {
  it.each([
    ['no tags', ['Hello', ' world'], '', 'Hello world'],
    ['whole tags', ['<think>plan</think>answer'], 'plan', 'answer'],
    ['the opening tag split', ['<thi', 'nk>plan</think>answer'], 'plan', 'answer'],
    ['the closing tag split', ['<think>plan</th', 'ink>answer'], 'plan', 'answer'],
    ['every character its own delta', [...'<think>plan</think>answer'], 'plan', 'answer'],
    ['whitespace at the edges trimmed', ['\n<think>\n  plan  \n</think>\n\n', 'answer'], 'plan', 'answer'],
    ['whitespace inside the reasoning kept', ['<think>a\n\nb', ' </think>x'], 'a\n\nb', 'x'],
    ['whitespace that did not end the reasoning kept', ['<think>a ', ' b</think>x'], 'a  b', 'x'],
    ['a "<" that is not a tag', ['<thing>', '</think>x'], '<thing>', 'x'],
    ['a tag after text is literal', ['Use <think> tags', ' like this'], '', 'Use <think> tags like this'],
    ['a second block after the answer is literal', ['<think>a</think>b <think>c</think>'], 'a', 'b <think>c</think>'],
    ['an unclosed block at the end stays reasoning', ['<think>cut off mid-'], 'cut off mid-', ''],
    ['a cut-off closing tag at the end is dropped', ['<think>plan</thi'], 'plan', ''],
    ['only "<thi" as the whole reply', ['<thi'], '', '<thi'],
    ['only whitespace as the whole reply', ['  '], '', '  '],
    ['a partial closing tag in plain content is released at the end', ['a </th'], '', 'a </th'],
    ['leading whitespace of plain content kept', ['  indented'], '', '  indented'],
  ])('%s', (_, deltas, reasoning, content) => {
    expect(split(deltas)).toMatchObject({ reasoning, content });
  });
});

describe('a stream that only closes the tag', () => {
  it.each([
    ['in one delta', ['plan\n</think>\n\nanswer']],
    ['split tag', ['plan\n</th', 'ink>', '\n\nanswer']],
    ['many deltas before it', ['pl', 'an', '\n', '</think>', 'answer']],
  ])('%s: everything before it was reasoning', (_, deltas) => {
    expect(split(deltas)).toEqual({ reasoning: 'plan', content: 'answer', rewinds: 1 });
  });

  it('rewinds once; a later closing tag is literal', () => {
    expect(split(['a</think>b</think>c'])).toEqual({ reasoning: 'a', content: 'b</think>c', rewinds: 1 });
  });
});
