// A worker does not get the tsx loader its process runs under (node --import tsx, tsx, mocha
// --import=tsx), so this plain module registers tsx before it loads the TypeScript worker.
import { register } from 'tsx/esm/api';

register();
await import('./parse-worker.ts');
