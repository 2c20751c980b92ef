import { describe, expect, it } from 'vitest';
import { closeStreamingTail } from '../../src/markdown';

const FENCE = '```';

describe('closeStreamingTail tidies the unfinished end of a streaming reply', () => {
  it.each([
    ['closes half-typed bold', 'a **bol', 'a **bol**'],
    ['drops a bold marker with nothing after it yet', 'a **', 'a '],
    ['closes italics and strikethrough', 'a _it and ~~gone', 'a _it and ~~gone~~_'],
    ['closes the innermost first', 'a **bold *it', 'a **bold *it***'],
    ['leaves closed emphasis alone', 'a **b** and *i*', 'a **b** and *i*'],
    ['closes an open code span', 'run `npm i', 'run `npm i`'],
    ['drops a lone backtick', 'run `', 'run '],
    ['treats markers inside code as code', 'use `**kwargs', 'use `**kwargs`'],
    ['ignores markers inside finished code spans', 'use `*args` and **bo', 'use `*args` and **bo**'],
    ['does not close intraword underscores', 'call snake_case_na', 'call snake_case_na'],
    ['does not close a multiplication', 'so 2 * 3', 'so 2 * 3'],
    ['shows a link being typed as its text', 'see [the docs](https://exa', 'see the docs'],
    ['holds back link text until its destination starts', 'see [the docs]', 'see '],
    ['holds back a bracket that may stay text', 'see [sic', 'see '],
    ['hides an image being typed', 'look ![a chart](https://x', 'look '],
    ['keeps an index like array[i', 'use array[i', 'use array[i'],
    ['drops a trailing lone backslash', 'line\\', 'line'],
    ['holds back a bullet that could underline a heading', 'Para\n-', 'Para'],
    ['holds back an empty bullet', 'Para\n- ', 'Para'],
    ['holds back an ordered number', 'Para\n12.', 'Para'],
    ['holds back an empty heading', 'Para\n##', 'Para'],
    ['holds back a partial fence', 'Para\n``', 'Para'],
    ['leaves an open fence to render as code', `${FENCE}js\nconst a = **b`, `${FENCE}js\nconst a = **b`],
    ['holds back a lone table header', 'Intro\n| a | b |', 'Intro'],
    ['holds back a lone table header ending its line', 'Intro\n| a | b |\n', 'Intro'],
    ['completes a half-typed delimiter row', '| a | b | c |\n|:--|-', '| a | b | c |\n| :-- | - | --- |'],
    ['leaves table body rows as they are', '| a |\n| --- |\n| 1', '| a |\n| --- |\n| 1'],
    ['leaves finished text alone', 'All done.', 'All done.'],
  ])('%s', (_, tail, expected) => {
    expect(closeStreamingTail(tail)).toBe(expected);
  });
});
