/** `npm run test:browser`: the built app in Debian's Chromium through playwright-core. */
module.exports = {
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'],
  transform: { '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'test/browser/tsconfig.json', diagnostics: false }] },
  globalSetup: '<rootDir>/test/browser/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/browser/support/global-teardown.ts',
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  maxWorkers: 1,
  testTimeout: 60000,
};
