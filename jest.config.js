/**
 * `npm test`: unit specs beside the code, e2e suites in test/ against MySQL, and a short run of
 * the booking model (test/model/, SQLite; `npm run test:model` runs it long).
 */
const { availableParallelism } = require('node:os');

const transform = {
  '^.+\\.tsx?$': ['ts-jest', { tsconfig: 'tsconfig.json', diagnostics: false }],
};

module.exports = {
  reporters: ['default', '<rootDir>/test/support/summary-reporter.js'],
  // At least two workers even on two cores: the e2e suites wait on MySQL and on the processes they start more than they compute.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // e2e suites boot the whole app and talk to MySQL.
  testTimeout: 60000,
  projects: [
    {
      displayName: 'unit',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/client/**/*.spec.ts', '<rootDir>/shared/**/*.spec.ts'],
      transform,
    },
    {
      displayName: 'e2e',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'],
      transform,
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      setupFiles: ['<rootDir>/test/support/e2e-env.ts'],
    },
    {
      displayName: 'model',
      rootDir: __dirname,
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/model/**/*.model-spec.ts'],
      transform,
      setupFiles: ['<rootDir>/test/model/model-env.ts'],
    },
  ],
};
