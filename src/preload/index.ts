// Preload entry: filled in by the desktop module.
export {};
