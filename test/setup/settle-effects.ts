// Preact runs effects after the next frame: a requestAnimationFrame raced by a 35 ms timer, whose callback cancels
// the other (preact/hooks). A render at the end of a jsdom test file leaves that timer pending; had the file's
// environment been torn down first, the timer would call a cancelAnimationFrame that is gone (an uncaught
// ReferenceError, seen once in a CI run). After a jsdom file's tests, wait for such timers to fire.
import { afterAll } from 'vitest';

afterAll(async () => {
  if (typeof window !== 'undefined') await new Promise((resolve) => setTimeout(resolve, 150));
});
