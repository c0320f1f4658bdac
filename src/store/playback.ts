/**
 * Playback as an explicit state machine.
 *
 * Contract: pure; `transition(state, event)` returns the next state (the same value when the event does nothing).
 *
 *   state    event            next      side effect the store performs
 *   -------  ---------------  --------  ------------------------------------------------------------
 *   paused   play             playing   start the clock (from frame 0 when at the last frame)
 *   paused   seek             paused    -
 *   playing  pause            paused    stop the clock
 *   playing  seek             playing   re-anchor the clock at the new frame
 *   playing  reach-end        ended     stop the clock (loop off)
 *   playing  reach-end-loop   playing   re-anchor the clock at frame 0 (loop on)
 *   ended    play             playing   seek frame 0, start the clock
 *   ended    seek             paused    -
 *   any      load             paused    stop the clock (a new session is in place)
 *   any      dispose          paused    stop the clock for good
 */
export type PlaybackState = 'paused' | 'playing' | 'ended';
export type PlaybackEvent = 'play' | 'pause' | 'seek' | 'reach-end' | 'reach-end-loop' | 'load' | 'dispose';

export function transition(state: PlaybackState, event: PlaybackEvent): PlaybackState {
  switch (event) {
    case 'play':
      return 'playing';
    case 'pause':
      return state === 'playing' ? 'paused' : state;
    case 'seek':
      return state === 'ended' ? 'paused' : state;
    case 'reach-end':
      return state === 'playing' ? 'ended' : state;
    case 'reach-end-loop':
      return state;
    case 'load':
    case 'dispose':
      return 'paused';
  }
}
