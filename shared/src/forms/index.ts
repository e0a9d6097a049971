/**
 * `shared/forms`: the kit's react-hook-form bindings, loaded with the forms (not at start-up).
 * Imports the kit through 'shared' so that a remote's copy of this entry uses the one shared kit.
 */
export * from './FormFields';
export * from './serverErrors';
