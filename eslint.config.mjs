import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** src/ folders in layers, bottom first. */
/** database/ is the ground (transactions, columns, query helpers); app-data/ the roof (the entity registry, migrations, seed), which imports every module. */
const SERVER_LAYERS = [['config', 'common', 'database'], ['mail', 'stripe', 'sky'], ['departures'], ['tours', 'blog', 'faq', 'contact', 'gift-cards', 'promo-codes'], ['bookings'], ['chat', 'admin', 'octo'], ['ssr', 'health', 'app-data']];
const SERVER_FOLDERS = SERVER_LAYERS.flat();
/** The methods that write: update, save, insert, … and a query builder's into(). */
const WRITE_METHODS = 'update|save|insert|upsert|delete|remove|softDelete|restore|increment|decrement|into';
/** Writes of an entity: repository and manager calls that take it, and query builders aimed at it (or at its table by name). */
const writesOf = (entity, table) => [
  `CallExpression[callee.property.name=/^(${WRITE_METHODS})$/][arguments.0.name='${entity}']`,
  `CallExpression[callee.property.name=/^(${WRITE_METHODS})$/][callee.object.callee.property.name='getRepository'][callee.object.arguments.0.name='${entity}']`,
  `CallExpression[callee.property.name='getRepository'][arguments.0.value='${table}']`,
];
/** The one writer of each entity that has one: every other change goes through it. */
const SINGLE_WRITERS = [
  { entity: 'Booking', table: 'bookings', writer: 'src/bookings/lifecycle/booking-writer.ts', message: 'Only BookingWriter (src/bookings/lifecycle/booking-writer.ts) writes a booking: add a transition there.' },
  { entity: 'Departure', table: 'departures', writer: 'src/departures/departures.repository.ts', message: 'Only DeparturesRepository (src/departures/departures.repository.ts) writes a departure: add a method there, by the rules of departure-rules.ts.' },
  { entity: 'GiftCard', table: 'gift_cards', writer: 'src/gift-cards/gift-card-ledger.service.ts', message: 'Only GiftCardLedger (src/gift-cards/gift-card-ledger.service.ts) changes a gift card: every change of a balance is a ledger entry.' },
];
const writeRules = (writers) => ({ 'no-restricted-syntax': ['error', ...writers.flatMap(({ entity, table, message }) => writesOf(entity, table).map((selector) => ({ selector, message })))] });

/**
 * Folders kept apart inside a module, on top of the layers: the booking lifecycle tells what
 * happened (a notice on BookingWriter's change, or announce) and never writes a mail itself.
 */
const INNER_RULES = [
  {
    folder: 'bookings/lifecycle',
    patterns: [
      { group: ['../notifications/**', '../../mail/**'], message: 'lifecycle/ tells (a BookingNotice to BookingWriter.change or announce); src/bookings/notifications/ listens and writes the mails. After-commit work: afterCommit in database/transactions.' },
    ],
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'data/', 'client/public/', 'tools/octo-validator/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: { '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }] },
  },
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Nest resolves constructor parameters by their runtime class: those imports must stay values.
    files: ['src/**/*.ts', 'test/**/*.ts', 'ormconfig.ts'],
    rules: { '@typescript-eslint/consistent-type-imports': 'off' },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  // The boundaries: client/ and src/ meet only in shared/; a module uses another's services, not its entities.
  {
    files: ['client/**/*.{ts,tsx}', 'shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The browser code may not import the server: put what both need in shared/.' }] }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**', '**/client/**'], message: 'shared/ stands alone: both sides import it, it imports neither.' }] }] },
  },
  // The layers of src/, bottom first: a folder imports its own layer and those below, never one above
  // (a type may name what a relation points at). app-data/ registers every entity and seeds them.
  ...SERVER_FOLDERS.flatMap((folder) =>
    [1, 2, 3].flatMap((depth) => {
      const up = '../'.repeat(depth);
      const above = SERVER_LAYERS.slice(SERVER_LAYERS.findIndex((layer) => layer.includes(folder)) + 1).flat();
      const patterns = [
        // app-data/ registers every module's entities and seeds them.
        ...(folder === 'app-data' ? [] : [{ group: [`${up}*/**/*.entity`], allowTypeImports: true, message: "Another module's entity: use the service it exports instead (modules export services, not entities)." }]),
        { group: [`${up}../client/**`], message: 'The server may not import the browser code: put what both need in shared/.' },
        ...(folder === 'app-data' ? [] : [{ group: [`${up}app-data/seed/**`], message: 'The seed is the demo catalogue, not the business: what both need lives in the module that owns it, or in shared/.' }]),
        ...(above.length ? [{ group: above.map((name) => `${up}${name}/**`), allowTypeImports: true, message: `${folder}/ sits below ${above.join(', ')}: move what both need down, or ask from above (eslint.config.mjs, SERVER_LAYERS).` }] : []),
      ];
      // A folder with rules of its own gets them beside the layers' (one no-restricted-imports per file: the last config wins).
      const inner = INNER_RULES.filter((rule) => rule.folder.startsWith(`${folder}/`) && rule.folder.split('/').length === depth);
      const rule = (extra) => ({ 'no-restricted-imports': ['error', { patterns: [...patterns, ...extra] }] });
      return [
        // specs may set up any table.
        { files: [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`], ignores: ['src/**/*.spec.ts', ...inner.map((item) => `src/${item.folder}/*.ts`)], rules: rule([]) },
        ...inner.map((item) => ({ files: [`src/${item.folder}/*.ts`], ignores: ['src/**/*.spec.ts'], rules: rule(item.patterns) })),
      ];
    }),
  ),
  // Each single writer's entity is written only there (a writer may write others' through their writers only); the seed and specs set up tables.
  { files: ['src/**/*.ts'], ignores: ['src/**/*.spec.ts', 'src/app-data/**', ...SINGLE_WRITERS.map((item) => item.writer)], rules: writeRules(SINGLE_WRITERS) },
  ...SINGLE_WRITERS.map((item) => ({ files: [item.writer], rules: writeRules(SINGLE_WRITERS.filter((other) => other !== item)) })),
  // Tests build their bookings and wait for conditions through test/support/ (bookings.ts, time.ts), never by hand.
  ...(() => {
    const bookingWrites = [
      ...writesOf('Booking', 'bookings').map((selector) => ({ selector, message: 'A test makes bookings with the builders of test/support/bookings.ts (moveBookingClocks for time), not by writing the table.' })),
      {
        selector: "CallExpression[callee.property.name='query'] > Literal[value=/^\\s*(UPDATE|INSERT INTO|DELETE FROM|REPLACE INTO)\\s+`?bookings\\b/i]",
        message: 'A test makes bookings with the builders of test/support/bookings.ts, not by writing the table in SQL.',
      },
    ];
    const timers = ['setTimeout', 'setInterval'].map((name) => ({
      selector: `CallExpression[callee.name='${name}']`,
      message: 'A test waits for a condition (waitFor, untilClock) or pauses at most 500 ms (pause) from test/support/time.ts.',
    }));
    return [
      { files: ['test/**/*.ts'], ignores: ['test/**/support/**'], rules: { 'no-restricted-syntax': ['error', ...bookingWrites, ...timers] } },
      { files: ['test/**/support/**/*.ts'], ignores: ['test/support/bookings.ts'], rules: { 'no-restricted-syntax': ['error', ...bookingWrites] } },
    ];
  })(),
  {
    files: ['scripts/**/*.mjs', '*.js', 'test/**/*.js'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['*.js', 'test/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
