// The page's style sheets (its own and the canvas editor's) are bundled by esbuild, imported for their effect.
declare module '*.css';
