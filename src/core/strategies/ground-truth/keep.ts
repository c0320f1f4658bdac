/**
 * Objects the ground truth keeps for the life of the program, so that its optimized code outlives a run.
 *
 * Contract: `keepAlive(x)` holds `x` forever and returns it; nothing else reads it. Why: V8 holds the shape (map)
 * of a class's instances, and of an object that grew a member after it was made, only while such an object lives.
 * When a full collection between two runs finds none, it drops the map and throws away the optimized code of
 * every function that saw it, and the next run reads its first thousands of frames in the interpreter again. Each
 * class of the per-run state keeps one small used instance here (made when its module loads). It matters where one
 * process analyses again and again (the app's analysis worker across recordings, the lab's re-analyses, the
 * bench's rounds); a single CLI run starts cold either way.
 */
const kept: object[] = [];

export function keepAlive<T extends object>(x: T): T {
  kept.push(x);
  return x;
}
