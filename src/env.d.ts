// esbuild bundles CSS imported from components; TypeScript only needs to know it exists.
declare module '*.css';
