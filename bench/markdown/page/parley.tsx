import { Markdown } from '../../../src/markdown';
import { installBench, type MessageProps } from './harness';

installBench('parley', function ParleyMessage({ text, streaming }: MessageProps) {
  return <Markdown text={text} streaming={streaming} />;
});
