// Client component tests opt into jsdom with a `// @vitest-environment jsdom` docblock.

// Fluent's MessageBar measures itself; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy* and waitFor give up after one second by default: a screen on a CI machine three times
// slower than a developer's may take longer to appear, and a passing test waits no longer for it.
if (typeof document !== 'undefined') {
  const { configure } = await import('@testing-library/dom');
  configure({ asyncUtilTimeout: 20_000 });
}

export {};
