// The React runtime of JSX previews (issue 36, docs/sandbox.md): built by build.mjs into its own file
// in assets/, fetched by the app on a JSX preview's first run and handed to the sandbox, which runs it
// in the artifact's frame. It names the modules a component may import, nothing else.
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMClient from 'react-dom/client';
import * as JsxRuntime from 'react/jsx-runtime';
import { publish } from './publish';

publish('react', { react: React, 'react-dom': ReactDOM, 'react-dom/client': ReactDOMClient, 'react/jsx-runtime': JsxRuntime, 'react/jsx-dev-runtime': JsxRuntime });
