// The renderer moved to ui/ (the school's documents use it too); this keeps the feature's imports.
export { Markdown } from '../../ui/Markdown';
