import { afterEach, beforeEach, vi, type MockInstance } from "vitest";

// A console.error in a test fails it, unless the test expects it by mocking console.error itself.
let errorSpy: MockInstance<typeof console.error>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.mock.calls as unknown[][];
  const mockedByTest = errorSpy.getMockImplementation() !== undefined;
  errorSpy.mockRestore();
  if (calls.length > 0 && !mockedByTest) {
    throw new Error(`console.error was called during the test:\n${calls.map((c) => c.map(String).join(" ")).join("\n")}`);
  }
});
