/**
 * What the host provides as `react-i18next` to the remotes: the binding's hook they use, not the
 * whole package (its Trans components and HTML parser: 8.5 -> 3 KB brotli before the first screen).
 * The platform bundled with the host imports the package itself, the same module instance: one
 * i18n binding on the page. Provided under another key (rspack.config.base.ts `provides`), so the
 * host's own imports, and this one, take the package. A name a remote imports that is missing
 * here fails `__tests__/provided.test.ts`.
 */
export { useTranslation } from 'react-i18next';
