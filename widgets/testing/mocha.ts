// Mocha's globals, typed, for the widget tests (@web/test-runner sets them up before any test
// module loads). Importing them keeps mocha's names out of the project-wide global types, where
// vitest's would clash.

type Body = (this: unknown) => unknown;
type Block = (name: string, body: Body) => void;

interface MochaGlobals {
  describe: (name: string, body: () => void) => void;
  it: Block;
  before: (body: Body) => void;
  after: (body: Body) => void;
  beforeEach: (body: Body) => void;
  afterEach: (body: Body) => void;
}

export const { describe, it, before, after, beforeEach, afterEach } =
  globalThis as unknown as MochaGlobals;
