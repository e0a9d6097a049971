/**
 * In a browser zod compiles no code: the front end's Content-Security-Policy has no
 * 'unsafe-eval' (platform/src/core/security-headers.ts), and even zod's probe for it is reported as a
 * violation. Imported first by the schemas' index, before any schema is built; the server
 * keeps zod's compiled parsers.
 */
import { z } from 'zod';

if (typeof document !== 'undefined') z.config({ jitless: true });
