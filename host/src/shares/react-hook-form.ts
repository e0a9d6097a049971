/**
 * What the host provides as `react-hook-form` to the remotes: the hook their forms use, not the
 * whole package (its Controller, field arrays, watch and form-state components). The host's own
 * copy of the zod resolver imports the package itself. A name a remote imports that is missing
 * here fails `__tests__/provided.test.ts`.
 */
export { useForm } from 'react-hook-form';
