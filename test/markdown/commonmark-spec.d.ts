// The commonmark-spec package ships no types: its examples, as its index.js builds them from spec.txt.
declare module 'commonmark-spec' {
  interface CommonMarkExample {
    markdown: string;
    html: string;
    section: string;
    number: number;
  }
  const spec: { readonly version: string; readonly tests: readonly CommonMarkExample[] };
  export default spec;
}
