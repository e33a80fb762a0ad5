// No import cycle, type-only imports included. eslint-plugin-import(-x)'s no-cycle skips
// `import type` by design, and consistent-type-imports turns most imports between our modules
// into exactly that, so it would see almost nothing. This rule reads the import graph from the
// TypeScript program the type-aware rules build anyway: the compiler has already resolved every
// module specifier, so the graph costs one walk over the program's files, once per program.
import { dirname, relative } from 'node:path';
import ts from 'typescript';

/** @typedef {{ edges: Map<string, Set<string>>, component: Map<string, string> }} ImportGraph */

/** @type {WeakMap<ts.Program, ImportGraph>} */
const graphs = new WeakMap();

/** The project file a module specifier resolves to, or undefined for a package or a declaration file. */
function targetOf(program, checker, specifier) {
  const declaration = checker.getSymbolAtLocation(specifier)?.valueDeclaration;
  if (!declaration || !ts.isSourceFile(declaration)) return undefined;
  if (declaration.isDeclarationFile || program.isSourceFileFromExternalLibrary(declaration)) return undefined;
  return declaration.fileName;
}

/** Every module specifier of a file: imports, re-exports, `import x = require()`, `import()` and `import('x').T`. */
function specifiersOf(sourceFile) {
  const found = [];
  const visit = (node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      found.push(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      found.push(node.moduleReference.expression);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      found.push(node.argument.literal);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      found.push(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  // only `import(` needs a walk below the top level; most files have none
  if (sourceFile.text.includes('import(')) visit(sourceFile);
  else sourceFile.statements.forEach((statement) => visit(statement));
  return found.filter((specifier) => specifier && ts.isStringLiteralLike(specifier));
}

/** Tarjan's strongly connected components: two files share a component exactly when each reaches the other. */
function componentsOf(edges) {
  const component = new Map();
  const index = new Map();
  const lowLink = new Map();
  const stack = [];
  const onStack = new Set();
  let counter = 0;
  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    // iterative depth-first search: a recursive one overflows on long import chains
    const work = [{ file: root, next: edges.get(root)[Symbol.iterator]() }];
    index.set(root, counter);
    lowLink.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const step = frame.next.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) {
          index.set(target, counter);
          lowLink.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ file: target, next: (edges.get(target) ?? new Set())[Symbol.iterator]() });
        } else if (onStack.has(target)) {
          lowLink.set(frame.file, Math.min(lowLink.get(frame.file), index.get(target)));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) lowLink.set(parent.file, Math.min(lowLink.get(parent.file), lowLink.get(frame.file)));
      if (lowLink.get(frame.file) === index.get(frame.file)) {
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.set(member, frame.file);
        } while (member !== frame.file);
      }
    }
  }
  return component;
}

function graphOf(program) {
  let graph = graphs.get(program);
  if (graph) return graph;
  const checker = program.getTypeChecker();
  const edges = new Map();
  for (const sourceFile of program.getSourceFiles()) {
    if (sourceFile.isDeclarationFile || program.isSourceFileFromExternalLibrary(sourceFile)) continue;
    const targets = new Set();
    for (const specifier of specifiersOf(sourceFile)) {
      const target = targetOf(program, checker, specifier);
      if (target) targets.add(target);
    }
    edges.set(sourceFile.fileName, targets);
  }
  graph = { edges, component: componentsOf(edges) };
  graphs.set(program, graph);
  return graph;
}

/** The shortest way back from `from` to `to` (breadth first), as file names. */
function pathBack(edges, from, to) {
  const cameFrom = new Map([[from, undefined]]);
  const queue = [from];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === to) break;
    for (const next of edges.get(file) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, file);
      queue.push(next);
    }
  }
  const path = [];
  for (let file = to; file !== undefined; file = cameFrom.get(file)) path.unshift(file);
  return path;
}

/** @type {import('eslint').Rule.RuleModule} */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles between the files of a project, type-only imports included.' },
    schema: [],
    messages: {
      cycle:
        'Import cycle: {{path}}. Let the dependency run one way, e.g. move what both files need into a file both import.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    const program = services?.program;
    if (!program || !services.esTreeNodeToTSNodeMap) return {};
    const graph = graphOf(program);
    const checker = program.getTypeChecker();
    const self = services.esTreeNodeToTSNodeMap.get(context.sourceCode.ast).fileName;
    const shortName = (file) => relative(dirname(self), file);
    const check = (literal) => {
      if (!literal || literal.type !== 'Literal' || typeof literal.value !== 'string') return;
      const target = targetOf(program, checker, services.esTreeNodeToTSNodeMap.get(literal));
      if (!target || graph.component.get(target) !== graph.component.get(self)) return;
      const path = [self, ...pathBack(graph.edges, target, self)].map(shortName).join(' → ');
      context.report({ node: literal, messageId: 'cycle', data: { path } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      TSExternalModuleReference: (node) => check(node.expression),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) =>
        check(node.argument.type === 'TSLiteralType' ? node.argument.literal : node.argument),
    };
  },
};
