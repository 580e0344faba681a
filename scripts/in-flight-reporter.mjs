// A vitest reporter that keeps, in a file, the test files running at this moment and the last test
// each of them finished. When runWithin (scripts/lib.mjs) stops a hung run it prints them: the
// hung test is the one after the last finished (vitest reports a test's start up to 100 ms late,
// so a test that spins at once is never reported as started). The file is rewritten on every
// change (a few hundred small writes a run); its path comes from IN_FLIGHT_FILE.
import { writeFileSync } from "node:fs";
import path from "node:path";

export default class InFlightReporter {
  constructor() {
    this.file = process.env.IN_FLIGHT_FILE;
    this.modules = new Map();
  }

  onTestModuleStart(testModule) {
    this.modules.set(testModule.id, { file: relative(testModule.moduleId), since: Date.now(), lastFinished: null });
    this.save();
  }

  onTestModuleEnd(testModule) {
    this.modules.delete(testModule.id);
    this.save();
  }

  onTestCaseReady(testCase) {
    const running = this.modules.get(testCase.module.id);
    if (!running) return;
    running.running = { name: testCase.fullName, since: Date.now() };
    this.save();
  }

  onTestCaseResult(testCase) {
    const running = this.modules.get(testCase.module.id);
    if (!running) return;
    running.lastFinished = { name: testCase.fullName, at: Date.now() };
    if (running.running?.name === testCase.fullName) running.running = null;
    this.save();
  }

  save() {
    if (this.file) writeFileSync(this.file, JSON.stringify([...this.modules.values()]));
  }
}

function relative(file) {
  return path.relative(process.cwd(), file);
}
