/** `npm run test:browser`: the built app in Debian's Chromium through playwright-core. */
const { availableParallelism } = require('node:os');

module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'test/browser/tsconfig.json', diagnostics: false }] },
  globalSetup: '<rootDir>/test/browser/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/browser/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // A worker for every two cores (a worker's server and Chromium keep two busy), each with its own server (support/global-setup.ts).
  maxWorkers: Math.max(1, Math.floor(availableParallelism() / 2)),
  testTimeout: 60000,
};
