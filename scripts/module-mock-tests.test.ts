import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleMockTests } from './module-mock-tests.ts';

// A folder of its own: the web suite has no such file left to name (decision 247).
const root = mkdtempSync(path.join(os.tmpdir(), 'module-mock-tests-'));
const write = (file: string, source: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), source);
};

write('mocks.test.tsx', "vi.mock('@/lib/auth/auth-provider', () => ({}));\n");
write('mocking.harness.tsx', "vi.mock('@/lib/slide-render', () => ({}));\n");
write('uses-mocking.test.tsx', "import { api } from './mocking.harness';\n");
write('feature/hooks.harness.tsx', 'beforeEach(reset);\nafterEach(stop);\n');
write('feature/uses-hooks.test.tsx', "import { api } from './hooks.harness';\n");
write('set-up.harness.tsx', 'export const setUpBench = () => {\n  beforeEach(reset);\n};\n');
write('uses-set-up.test.tsx', "import { setUpBench } from './set-up.harness';\nsetUpBench();\n");
write('spies.test.ts', "beforeEach(() => {\n  vi.spyOn(auth, 'useAuth');\n});\n");

afterAll(() => rmSync(root, { recursive: true, force: true }));

const listed = () =>
  moduleMockTests(root)
    .map((file) => path.relative(root, path.resolve(file)))
    .sort();

describe('moduleMockTests: which test files keep a module graph of their own (decision 146)', () => {
  it('lists a file that mocks a module itself', () => {
    expect(listed()).toContain('mocks.test.tsx');
  });

  it('lists a file whose harness mocks modules or registers hooks at import', () => {
    expect(listed()).toContain('uses-mocking.test.tsx');
    expect(listed()).toContain(path.join('feature', 'uses-hooks.test.tsx'));
  });

  it('leaves to the shared workers a file that spies, or calls its harness to register hooks', () => {
    expect(listed()).toEqual([
      path.join('feature', 'uses-hooks.test.tsx'),
      'mocks.test.tsx',
      'uses-mocking.test.tsx',
    ]);
    expect(moduleMockTests('src/server')).toEqual([
      'src/server/modules/uploads/image-upload.test.ts',
    ]);
  });
});
