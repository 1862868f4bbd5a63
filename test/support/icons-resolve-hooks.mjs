// Node module hooks for the unit tests: Fluent's icons (2.0.313, docs/build-and-start.md) ship ES
// modules whose relative imports name no file extension ('./icons/chunk-0'), which webpack resolves
// but Node does not. Inside that package only, a relative import Node cannot find is tried again
// as a file ('.js') or a folder ('/index.js').
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    const fromIcons = context.parentURL?.includes('/@fluentui/react-icons/');
    const unresolved = ['ERR_MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT'].includes(error?.code);
    if (!fromIcons || !specifier.startsWith('.') || !unresolved) throw error;
    const folder = error.code === 'ERR_UNSUPPORTED_DIR_IMPORT';
    return nextResolve(`${specifier}${folder ? '/index.js' : '.js'}`, context);
  }
}
