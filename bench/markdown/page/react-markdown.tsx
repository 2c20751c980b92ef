import ReactMarkdown from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { installBench, type MessageProps } from './harness';

const plugins = [remarkGfm];

installBench('react-markdown', function ReactMarkdownMessage({ text }: MessageProps) {
  return <ReactMarkdown remarkPlugins={plugins}>{text}</ReactMarkdown>;
});
