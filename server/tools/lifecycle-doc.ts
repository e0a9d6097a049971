/** Writes docs/lifecycle.md from the lifecycle table: `npm run lifecycle-doc -w server`. */
import fs from 'node:fs';
import { lifecycleMarkdown } from '../src/domain/lifecycleDoc';

const file = new URL('../../docs/lifecycle.md', import.meta.url);
fs.writeFileSync(file, lifecycleMarkdown());
console.log(`wrote ${file.pathname}`);
