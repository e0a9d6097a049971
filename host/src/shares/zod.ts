/**
 * What the host provides as `zod` to the page's share scope: the zod API the app's schemas and
 * forms call, not the whole package. Shared whole, zod is every export at once (its JSON Schema
 * tools, its compiler, 40 locales: 68 KB brotli on the login screen); through these named imports
 * the build keeps only what is listed (about 20 KB). Imported as `zod/v4` (the same classic API):
 * an import of `zod` here would be the share itself. A name the app calls that is missing here
 * fails `__tests__/zod.test.ts`. The server and the standalone pages use the package itself.
 */
import { NEVER, array, boolean, config, enum as enum_, literal, number, object, partialRecord, preprocess, record, string, union, url } from 'zod/v4';

export const z = { NEVER, array, boolean, config, enum: enum_, literal, number, object, partialRecord, preprocess, record, string, union, url };
