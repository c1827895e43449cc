// The hand-written baseline of the scheduler load: one setInterval at 100 ms over a plain array
// of last-run times, running every rule whose second has come with a trivial async runner.
import { performance } from "node:perf_hooks";

export async function measureHandWrittenSchedulerLoad(options: { rules: number; seconds: number }): Promise<{ cpuShare: number; executions: number }> {
  const lastRun = new Float64Array(options.rules).fill(-Infinity);
  let executions = 0;
  const runner = async (): Promise<void> => {
    executions++;
  };
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const handle = setInterval(() => {
    const now = Date.now();
    for (let i = 0; i < lastRun.length; i++) {
      if (now - lastRun[i]! >= 1000) {
        lastRun[i] = now;
        void runner();
      }
    }
  }, 100);
  await new Promise((resolve) => setTimeout(resolve, options.seconds * 1000));
  clearInterval(handle);
  const cpu = process.cpuUsage(cpuBefore);
  return { cpuShare: (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore), executions };
}
