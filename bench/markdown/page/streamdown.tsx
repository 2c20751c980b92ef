import { Streamdown } from 'streamdown';
import 'streamdown/styles.css';
import { installBench, type MessageProps } from './harness';

installBench('streamdown', function StreamdownMessage({ text, streaming }: MessageProps) {
  return <Streamdown isAnimating={streaming}>{text}</Streamdown>;
});
