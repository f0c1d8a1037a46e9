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

/** Every rule is an error: a broken dependency rule fails `make lint`. */
const forbid = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from,
  to,
  ...extra,
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid(
      'p4runtime-ts-standalone',
      'p4runtime-ts is a package of its own (it could be published as is): it imports nothing of the project.',
      { path: '^p4runtime-ts/' },
      { path: other('p4runtime-ts') },
    ),
    forbid(
      'p4runtime-ts-by-name',
      "Outside the package, p4runtime-ts is imported by its name ('p4runtime-ts', through the workspace link), " +
        'never by a path into it.',
      { pathNot: '^p4runtime-ts/' },
      { path: '^p4runtime-ts/', dependencyTypesNot: ['aliased-workspace'] },
    ),
    forbid(
      'p4runtime-ts-public-api',
      'Only the public API of p4runtime-ts (src/index.ts, what its exports map gives) may be imported.',
      { pathNot: '^p4runtime-ts/' },
      { path: '^p4runtime-ts/', pathNot: '^p4runtime-ts/src/index\\.ts$' },
    ),
    forbid(
      'config-file-standalone',
      'config-file/ is the generic config library every part may use: it imports nothing of the project.',
      { path: '^config-file/' },
      { path: other('config-file') },
    ),
    forbid(
      'config-file-public-api',
      'config-file/ is used through its index.ts.',
      { pathNot: '^config-file/' },
      { path: '^config-file/', pathNot: '^config-file/index\\.ts$' },
    ),
    forbid(
      'topology-pure',
      'topology/ is a pure model shared by target/sim and controller/: it may use config-file/ only.',
      { path: '^topology/' },
      { path: other('topology', 'config-file') },
    ),
    forbid(
      'target-knows-no-controller',
      'The switch knows no controller and no CLI (tests included): target/ never imports controller/ or cli/.',
      { path: '^target/' },
      { path: '^(controller|cli|bin)/' },
    ),
    forbid(
      'controller-through-p4runtime',
      'controller/ reaches switches only through P4Runtime (p4runtime-ts): it never imports target/ or cli/.',
      { path: '^controller/' },
      { path: '^(target|cli|bin)/' },
    ),
    forbid(
      'only-bin-imports-cli',
      'cli/ is the one place that wires the parts together; nothing but bin/ (and scripts/) imports it.',
      { pathNot: '^(cli|bin|scripts)/' },
      { path: '^cli/' },
    ),
    forbid(
      'no-folder-cycles',
      'No cycles between folders (top-level parts, and the subfolders of each, such as target/frontend and ' +
        'target/p4info): each folder can be read, tested and replaced on its own.',
      {},
      { circular: true },
      { scope: 'folder' },
    ),
    forbid(
      'not-to-unresolvable',
      'An import that resolves to no file is a broken import.',
      {},
      { couldNotResolve: true },
    ),
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
