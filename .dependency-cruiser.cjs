/**
 * The direction of imports, as docs/boundaries.md writes it down; `npm run lint` checks it.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No module reaches itself through its imports, type-only ones included: a registry is passed in (context), never imported back.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'client-not-to-server',
      severity: 'error',
      comment: 'Browser code imports nothing from server/ except types; code both sides run lives in client/lib.',
      from: { path: '^client/' },
      to: { path: '^server/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-client-not-to-server',
      severity: 'error',
      comment: 'The back office scripts import nothing from server/, not even types: the editor is built from the JSON the server sends.',
      from: { path: '^admin-client/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-to-isomorphic-client',
      severity: 'error',
      comment: 'The server imports isomorphic client code only (client/lib, the templates and blocks it renders, the App shell); anything else only as types.',
      from: { path: '^server/' },
      to: { path: '^client/', pathNot: '^client/(lib|templates|blocks)/|^client/App\\.tsx$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'models-not-up',
      severity: 'error',
      comment: 'server/models owns the queries and knows nothing of the layers that call it.',
      from: { path: '^server/models/' },
      to: { path: '^server/(views|admin|actions|blocks|pagetypes)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|static)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports stay in the graph, so the rules above can tell them from value imports.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.cjs', '.mjs', '.json'],
    },
  },
};
