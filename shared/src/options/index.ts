/**
 * The words of the contract's option lists (`shared/src/contract/options.ts`) in English and Urdu: what the borrower
 * picks in the forms (mf-onboarding) and what staff read of it (mf-operations). A share of its own (`shared/options`)
 * so neither carries the other's code, and the start-up path carries none of it.
 */
export { optionsEn } from './labels.en';
export { optionsUr } from './labels.ur';
