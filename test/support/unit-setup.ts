// Client component tests opt into jsdom with a `// @vitest-environment jsdom` docblock.
export {};
