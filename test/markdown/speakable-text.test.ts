// @vitest-environment node
// A reply as spoken (issue 39) and its sentences while it streams.
import { describe, expect, it } from 'vitest';
import { speakableText } from '../../src/markdown/speakable-text';
import { createSentenceStream, splitSentences } from '../../src/markdown/sentence-stream';

describe('speakableText', () => {
  it.each([
    ['# Title\n\nSome **bold** and _em_ text.', 'Title.\nSome bold and em text.'],
    ['Read [the docs](https://example.com/docs) now.', 'Read the docs now.'],
    ['Run `npm install` first.', 'Run npm install first.'],
    ['```python\nimport os\nprint(os.name)\n```', 'Code block in Python, 2 lines.'],
    ['```\nplain\n```', 'Code block, 1 line.'],
    ['```mermaid\ngraph TD; A-->B\n```', 'A diagram.'],
    ['| Name | Age | City |\n|---|---|---|\n| a | 1 | x |\n| b | 2 | y |\n| c | 3 | z |\n| d | 4 | w |', 'A table with 3 columns and 4 rows: Name, Age, City.'],
    ['$$\\int_0^1 x\\,dx$$', 'A formula.'],
    ['Let $x$ be $\\frac{a}{b}$.', 'Let x be a formula.'],
    ['- first item\n- second item!', 'first item.\nsecond item!'],
    ['1. One\n2. Two', 'One.\nTwo.'],
    ['> quoted words', 'quoted words.'],
    ['A claim\uE0001\uE001 here.', 'A claim here.'],
    ['Noted[^1].\n\n[^1]: The note.', 'Noted.'],
    ['Tom &amp; Jerry', 'Tom & Jerry.'],
  ])('%j → %j', (markdown, spoken) => {
    expect(speakableText(markdown)).toBe(spoken);
  });
});

describe('splitSentences', () => {
  it('keeps numbers, abbreviations and addresses whole', () => {
    expect(splitSentences('Pi is 3.14 or so. Use e.g. a ruler. See https://example.com/a.b for more. Dr. Who waves! Done?')).toEqual([
      'Pi is 3.14 or so.',
      'Use e.g. a ruler.',
      'See https://example.com/a.b for more.',
      'Dr. Who waves!',
      'Done?',
    ]);
  });
});

describe('createSentenceStream', () => {
  const reply = 'The first sentence is here. The second one follows it.\n\n```js\nconst a = 1;\nconst b = 2;\n```\n\nAnd a last one after the code.';

  it('emits the first sentence while the reply still streams, each once, in order', () => {
    const stream = createSentenceStream();
    const emitted: [number, string][] = [];
    for (let end = 1; end <= reply.length; end += 1) for (const s of stream.push(reply.slice(0, end))) emitted.push([end, s]);
    const afterEnd = stream.end();
    const all = [...emitted.map(([, s]) => s), ...afterEnd];
    expect(all).toEqual(['The first sentence is here.', 'The second one follows it.', 'Code block in JavaScript, 2 lines.', 'And a last one after the code.']);
    // The first one as soon as the second began, long before the end.
    expect(emitted[0]![0]).toBe('The first sentence is here. T'.length);
    expect(afterEnd).toEqual(['And a last one after the code.']);
  });

  it('never announces a code block before it is closed (its line count is not known)', () => {
    const stream = createSentenceStream();
    expect(stream.push('Here is some code for you all:\n\n```py\nx = 1\n')).toEqual(['Here is some code for you all:']);
    expect(stream.push('Here is some code for you all:\n\n```py\nx = 1\ny = 2\n')).toEqual([]);
    expect(stream.push('Here is some code for you all:\n\n```py\nx = 1\ny = 2\n```\n\nThat is all for now.')).toEqual(['Code block in Python, 2 lines.']);
    expect(stream.end()).toEqual(['That is all for now.']);
  });

  it('says a short fragment with the next sentence', () => {
    const stream = createSentenceStream();
    expect(stream.push('Sure! Here is the answer you asked for. And')).toEqual(['Sure! Here is the answer you asked for.']);
  });

  it('goes on from the first sentence that differs when the text is rewritten', () => {
    const stream = createSentenceStream();
    stream.push('Alpha sentence number one. Beta sentence number two. Gamma');
    expect(stream.push('Alpha sentence number one. Beta sentence, corrected. Gamma is sentence number three. D')).toEqual(['Beta sentence, corrected.', 'Gamma is sentence number three.']);
  });
});
