// The wall clock for screens that count down (vote timers, the phase-1 timer): read `now`,
// and it changes once a second while the screen is open. Call it while a component is made.
import { onDestroy } from "svelte";

export function everySecond(): { readonly now: number } {
  let now = $state(Date.now());
  const tick = setInterval(() => (now = Date.now()), 1000);
  onDestroy(() => clearInterval(tick));
  return {
    get now() {
      return now;
    },
  };
}
