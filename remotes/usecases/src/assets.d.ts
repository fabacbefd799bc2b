// Style sheets are bundled by webpack (css-loader + mini-css-extract) and imported for their effect.
declare module '*.css';
