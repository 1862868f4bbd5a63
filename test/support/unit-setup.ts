// Client component tests opt into jsdom with a `// @vitest-environment jsdom` docblock.

// Fluent's MessageBar measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

export {};
