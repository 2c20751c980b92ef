// The floor: the least a renderer must do. The text is cut into paragraphs at blank lines,
// scanning only what is new; each paragraph is a memoised <p> of plain text. No parsing.
import { memo, useRef } from 'react';
import { installBench, type MessageProps } from './harness';

const Paragraph = memo(function Paragraph({ text }: { text: string }) {
  return <p className="floor-paragraph">{text}</p>;
});

interface Cut {
  text: string;
  blocks: string[];
  start: number;
}

function FloorMessage({ text }: MessageProps) {
  const cut = useRef<Cut>({ text: '', blocks: [], start: 0 }).current;
  // The benchmark only ever appends; a shorter text is a new answer.
  if (text.length < cut.text.length) Object.assign(cut, { text: '', blocks: [], start: 0 });
  // Only the new characters (and one before them, for a break split across updates) are scanned.
  for (let at = text.indexOf('\n\n', Math.max(cut.start, cut.text.length - 1)); at !== -1; at = text.indexOf('\n\n', cut.start)) {
    cut.blocks = [...cut.blocks, text.slice(cut.start, at)];
    cut.start = at + 2;
  }
  cut.text = text;
  return (
    <div className="floor">
      {cut.blocks.map((block, index) => (
        <Paragraph key={index} text={block} />
      ))}
      <Paragraph key={cut.blocks.length} text={text.slice(cut.start)} />
    </div>
  );
}

installBench('floor', FloorMessage);
