// The dependency rules of the repository (README "How the parts fit", docs/architecture.md), checked by
// dependency-cruiser in `make lint`. Paths are relative to the repository root. Tests are included: a
// test of target/ is target/ too. The rules are tested on small fixture trees by lint/test/.
/** The project's top-level code folders; `other(x)` is every one of them but x. */
const PARTS = [
  'bin',
  'cli',
  'config-file',
  'controller',
  'p4runtime-ts',
  'scripts',
  'target',
  'topology',
  'bmv2-tests',
  'lint',
];
const other = (...own) => `^(${PARTS.filter((p) => !own.includes(p)).join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'p4runtime-ts-standalone',
      comment:
        'p4runtime-ts is a package of its own (it could be published as is): it imports nothing of the project.',
      severity: 'error',
      from: { path: '^p4runtime-ts/' },
      to: { path: other('p4runtime-ts') },
    },
    {
      name: 'p4runtime-ts-by-name',
      comment:
        "Outside the package, p4runtime-ts is imported by its name ('p4runtime-ts'), which gives its public API " +
        '(src/index.ts); never by a path into it.',
      severity: 'error',
      from: { pathNot: '^p4runtime-ts/' },
      to: { path: '^p4runtime-ts/', dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'p4runtime-ts-public-api',
      comment:
        'Only the public API of p4runtime-ts (src/index.ts, what its exports map gives) may be imported.',
      severity: 'error',
      from: { pathNot: '^p4runtime-ts/' },
      to: { path: '^p4runtime-ts/', pathNot: '^p4runtime-ts/src/index\\.ts$' },
    },
    {
      name: 'config-file-standalone',
      comment:
        'config-file/ is the generic config library every part may use: it imports nothing of the project.',
      severity: 'error',
      from: { path: '^config-file/' },
      to: { path: other('config-file') },
    },
    {
      name: 'config-file-public-api',
      comment: 'config-file/ is used through its index.ts.',
      severity: 'error',
      from: { pathNot: '^config-file/' },
      to: { path: '^config-file/', pathNot: '^config-file/index\\.ts$' },
    },
    {
      name: 'topology-pure',
      comment:
        'topology/ is a pure model shared by target/sim and controller/: it may use config-file/ only.',
      severity: 'error',
      from: { path: '^topology/' },
      to: { path: other('topology', 'config-file') },
    },
    {
      name: 'target-knows-no-controller',
      comment:
        'The switch knows no controller and no CLI (tests included): target/ never imports controller/ or cli/.',
      severity: 'error',
      from: { path: '^target/' },
      to: { path: '^(controller|cli|bin)/' },
    },
    {
      name: 'controller-through-p4runtime',
      comment:
        'controller/ reaches switches only through P4Runtime (p4runtime-ts): it never imports target/ or cli/.',
      severity: 'error',
      from: { path: '^controller/' },
      to: { path: '^(target|cli|bin)/' },
    },
    {
      name: 'only-bin-imports-cli',
      comment:
        'cli/ is the one place that wires the parts together; nothing but bin/ (and scripts/) imports it.',
      severity: 'error',
      from: { pathNot: '^(cli|bin|scripts)/' },
      to: { path: '^cli/' },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'No cycles between folders (top-level parts, and the subfolders of each, such as target/frontend and ' +
        'target/p4info): each folder can be read, tested and replaced on its own.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file is a broken import.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: {
      path: '^(dist|p4runtime-ts/dist|p4runtime-ts/generated|node_modules|coverage)/|/fixtures/lint/',
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Resolve 'p4runtime-ts' as the type checker and tsx do: to the package's source (src/index.ts).
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['development', 'import', 'types', 'node', 'default'],
      extensions: ['.ts', '.js', '.mjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
