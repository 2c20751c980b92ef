// The Python runtime of code runs (issue 36, docs/sandbox.md "Python"): Pyodide's loader and its
// Emscripten module, built by build.mjs into one classic script in assets/. The app fetches it on a
// Python run's first need and hands its text to the sandbox, which puts it at the head of the run's
// worker. Pyodide's WebAssembly and standard library are files of the build too, handed over as
// bytes: the worker's fetch is served from them, never from the network.
import { loadPyodide } from 'pyodide';
// The Emscripten module, passed to loadPyodide so it never imports it from an address (the worker may load no script).
// By its file (build.mjs resolves it: the package's `exports` name only the loader).
// @ts-expect-error: Pyodide ships no types for its module file.
import createPyodideModule from 'pyodide/pyodide.asm.mjs';
import { publish } from './publish';

publish('python', { loadPyodide, createPyodideModule });
