// Webpack loader for src/shared/contract: marks the calls in top-level declarations (zod schema
// construction, path builders) as pure. The browser bundles use the contract's paths and helpers but
// validate nothing with its schemas, so webpack can then drop the unused schemas, and zod with them,
// from the first download. Function bodies are left alone: they only run when called.
import ts from 'typescript';

export default function pureSchemasLoader(source) {
  const file = ts.createSourceFile(this.resourcePath, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const starts = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) starts.push(node.getStart(file));
    ts.forEachChild(node, visit);
  };
  for (const statement of file.statements) if (ts.isVariableStatement(statement)) visit(statement);
  let out = source;
  for (const start of [...new Set(starts)].sort((a, b) => b - a))
    out = `${out.slice(0, start)}/*#__PURE__*/ ${out.slice(start)}`;
  return out;
}
