/**
 * `shared/forms`: the kit's react-hook-form bindings, loaded with the forms (not at start-up).
 * Part of the UI kit's part (shared/parts.json); imports the kit through 'shared/ui' and the platform
 * through 'shared', so that a remote's copy of this entry uses the shared ones.
 */
export * from './FormFields';
export * from './serverErrors';
