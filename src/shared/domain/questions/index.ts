export * from './question-json';
export * from './normalize';
export * from './score';
export * from './input-rules';
export * from './registry';
export { isPermutation } from './kinds/digits';
