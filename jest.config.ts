import { availableParallelism } from 'node:os';
import type { Config } from 'jest';

const config: Config = {
  testEnvironment: 'node',
  // src too, though it holds no tests: coverage counts only files under a root, and an engine
  // file that no test loads must count, at 0 %.
  roots: ['<rootDir>/test', '<rootDir>/src'],
  // tsconfig's isolatedModules makes ts-jest transpile each file alone, without type-checking it:
  // `npm test` type-checks the whole program once (npm run typecheck) before jest starts.
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
  testTimeout: 30000,
  // One seed for every property test: the same run every time (FC_SEED changes it).
  setupFilesAfterEnv: ['<rootDir>/test/support/fast-check-seed.ts'],
  // The HTML report and the viewer read their scripts from dist/browser (scripts/build-browser.ts);
  // the sources that tests run in other threads and processes are compiled once
  // (test/support/compiled-sources.ts).
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  setupFiles: ['<rootDir>/test/support/compiled-workers.ts'],
  // Jest's default, one worker fewer than the cores, runs one file at a time on two cores, while
  // much of a file's time is spent waiting on worker threads, child processes, sockets and
  // timers: a second file fills those waits. Larger machines keep the default.
  maxWorkers: Math.max(2, availableParallelism() - 1),
  // The coverage gate, applied when jest runs with --coverage (npm test does): the engine is the
  // pure core every answer comes from. Limited to it, since instrumenting code slows what runs it.
  collectCoverageFrom: ['<rootDir>/src/engine/**/*.ts'],
  // The engine's files are all that is collected: nothing is left for the global threshold.
  coverageThreshold: { global: {}, './src/engine/': { lines: 90 } },
  coverageReporters: ['text-summary'],
};

export default config;
