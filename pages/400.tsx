/**
 * Not a page anyone visits (the proxy sends `/400` to `/ro/404`, as every address without a language): Turbopack
 * builds the pages router, and so `_error`, only when it has at least one route of its own. This is that route.
 */
export { default } from './_error';
