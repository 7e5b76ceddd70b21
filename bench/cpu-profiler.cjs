// Preloaded into a service by `bench/checkout.ts --cpu-prof` (NODE_OPTIONS=--require): SIGWINCH starts V8's
// sampling profiler in the process, the next SIGWINCH stops it and writes the profile (Chrome's .cpuprofile format)
// to $KM_CPU_PROFILE. In-process through node:inspector because `--cpu-prof` writes only on a clean exit, and a Nest
// service stopped by SIGTERM re-raises the signal and dies without one; SIGWINCH because Nest's shutdown hooks take
// SIGUSR2 (and SIGUSR1 opens the inspector).
const { Session } = require('node:inspector');
const { writeFileSync } = require('node:fs');

const file = process.env.KM_CPU_PROFILE;
if (file) {
  const session = new Session();
  session.connect();
  let running = false;
  process.on('SIGWINCH', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 1000 }, () => session.post('Profiler.start')));
      return;
    }
    running = false;
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}
