// Issue 37: a ChatGPT reply that searched keeps its sources: markers out of the text, citations on the words before them.
import { describe, expect, it } from 'vitest';
import { chatgptCitations } from '../../../src/chat/import/formats/chatgpt-citations';
import { parseFiles } from '../../../src/chat/import/parse-files';
import { addChatRows } from '../../../src/chat/import/to-rows';
import type { ImportBatch } from '../../../src/chat/persistence';
import { citationsOf } from '../../../src/chat/shapes/citations';
import type { ImportedChat } from '../../../src/chat/import/types';
import type { Citation } from '../../../src/chat/types';
import { fixture } from './import-files';

const reply = (chats: ImportedChat[], title: string) => chats.find((chat) => chat.title === title)!.messages.find((m) => m.role === 'assistant')!;
/** Each citation as the words it spans (or null) and its address. */
const spans = (content: string, citations: Citation[] = []) => citations.map((c) => [c.start === undefined ? null : content.slice(c.start, c.end), c.url]);

describe('ChatGPT citations on import', () => {
  it('reads content_references: markers out, each source on the sentence before its marker (code-point offsets, a \\ue203 span, a lost offset)', async () => {
    const { chats } = await parseFiles([fixture('chatgpt/citations/conversations.json')]);
    const a1 = reply(chats, 'Search reply');
    expect(a1.content).toBe("The Lakers won the 2020 title. It was their 17th 🏆 championship.\n\nSee the league's page for more.");
    expect(a1.content).not.toMatch(/[\ue200-\ue204]/);
    expect(spans(a1.content, a1.citations)).toEqual([
      ['The Lakers won the 2020 title.', 'https://www.nba.com/news/lakers-2020?utm_source=chatgpt.com'],
      ['It was their 17th 🏆 championship.', 'https://en.wikipedia.org/wiki/Los_Angeles_Lakers'],
      // A second source at the same marker, and the footnote's own: listed, no span of their own.
      [null, 'https://www.espn.com/nba/story/_/id/1'],
      ["the league's page", 'https://www.nba.com/'],
      [null, 'https://www.basketball-reference.com/teams/LAL/'],
    ]);
    expect(a1.citations![0]).toMatchObject({ title: 'Lakers win 2020 NBA Finals', citedText: 'The Lakers beat the Heat in six games.' });
    // The javascript: item is gone; the footnote's copy of a cited source is not listed twice.
    expect(JSON.stringify(a1.citations)).not.toContain('javascript');
  });

  it('stores them on the reply’s row, where the page’s cleaner keeps them all', async () => {
    const { chats } = await parseFiles([fixture('chatgpt/citations/conversations.json')]);
    const batch: ImportBatch = { chats: [], messages: [], attachments: [], library: [] };
    addChatRows(batch, chats.find((chat) => chat.title === 'Search reply')!);
    const row = batch.messages.find((m) => m.role === 'assistant')!;
    expect(row.citations).toEqual(reply(chats, 'Search reply').citations);
    expect(citationsOf(row)).toEqual(row.citations);
    expect(batch.messages.find((m) => m.role === 'user')!.citations).toBeUndefined();
  });

  it('reads the older metadata.citations: 【n†source】 markers, title, url and quoted text; an unnamed marker goes too', async () => {
    const { chats } = await parseFiles([fixture('chatgpt/citations/conversations.json')]);
    const b2 = reply(chats, 'Browsing reply');
    expect(b2.content).toBe('Paris is the capital of France. It has about 2 million people. Lyon is second.');
    expect(spans(b2.content, b2.citations)).toEqual([
      ['Paris is the capital of France', 'https://en.wikipedia.org/wiki/France'],
      ['It has about 2 million people', 'https://www.insee.fr/en/paris'],
    ]);
    expect(b2.citations![1]).toEqual({ url: 'https://www.insee.fr/en/paris', title: 'Paris in figures', citedText: '2.1 million inhabitants', start: 32, end: 61 });
  });

  it('takes offsets counted in code points (Python’s) where an emoji came before, even for a marker written twice', () => {
    const marker = '\ue200cite\ue202turn0search0\ue201';
    const text = `One 🏆. ${marker} Two. ${marker}`;
    const codePoints = (index: number) => [...text.slice(0, index)].length;
    const first = text.indexOf(marker);
    const second = text.lastIndexOf(marker);
    // Listed last-first: only the offsets say which marker each is.
    const out = chatgptCitations(text, {
      content_references: [
        { matched_text: marker, start_idx: codePoints(second), end_idx: codePoints(second) + marker.length, items: [{ url: 'https://two.example/' }] },
        { matched_text: marker, start_idx: codePoints(first), end_idx: codePoints(first) + marker.length, items: [{ url: 'https://one.example/' }] },
      ],
    });
    expect(out.content).toBe('One 🏆. Two.');
    expect(spans(out.content, out.citations)).toEqual([
      ['One 🏆.', 'https://one.example/'],
      ['Two.', 'https://two.example/'],
    ]);
  });

  it('leaves a reply without references as it was, and a user message alone', () => {
    expect(chatgptCitations('Plain **text**.', {})).toEqual({ content: 'Plain **text**.', citations: [] });
  });

  it('survives broken references: wrong types, offsets past the text, no items', () => {
    const marker = '\ue200cite\ue202turn0search0\ue201';
    const out = chatgptCitations(`A fact. ${marker}`, {
      content_references: [null, 'x', { matched_text: marker, start_idx: -5, end_idx: 'a', items: 'nope' }, { type: 'sources_footnote', sources: [{ url: 42 }] }],
      citations: [{ start_ix: 1e9, end_ix: 1e9 + 5, metadata: { url: 'https://ok.example/' } }, { metadata: 'x' }],
    });
    expect(out).toEqual({ content: 'A fact.', citations: [{ url: 'https://ok.example/' }] });
  });
});
