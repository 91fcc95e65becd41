/** A stylesheet imported by a browser module: esbuild writes it to dist/browser/NAME.css. */
declare module '*.css';
