// The public pages' entry (decision 800): HTML with content and structured data (issue 27, decision 882).
export { publicPagesRoutes } from './public-pages.ts';
export { inlineStyle } from './inline-style.ts';
