// The JSX/TypeScript transform of JSX previews (issue 36): Sucrase, built into its own file in assets/
// and handed to the sandbox like the React runtime. Sucrase keeps every line where it was, so an
// error's line in the transformed code is the line of the block.
import { transform } from 'sucrase';
import { publish } from './publish';

publish('jsx-transform', (source: string): string =>
  // A component is a module: imports become require() calls the frame answers (React only), its
  // default export `exports.default`. TSX is a superset of what models write as JSX.
  transform(source, { transforms: ['jsx', 'typescript', 'imports'], jsxRuntime: 'automatic', production: true }).code,
);
