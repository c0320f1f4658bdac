/**
 * A tiny typed event emitter, one per player, so embedding can mirror the player (`ready`, `frame`, `ended`).
 *
 * Contract: `on` returns its own unsubscribe; a listener that throws is isolated (the others still run, and the
 * error is reported through `onListenerError`, never out of `emit`).
 */
export type Listener<T> = (payload: T) => void;

export interface Emitter<Events extends Record<string, unknown>> {
  on<K extends keyof Events>(event: K, listener: Listener<Events[K]>): () => void;
  emit<K extends keyof Events>(event: K, payload: Events[K]): void;
  clear(): void;
}

export function createEmitter<Events extends Record<string, unknown>>(
  onListenerError: (error: unknown) => void = () => {},
): Emitter<Events> {
  const listeners = new Map<keyof Events, Set<Listener<never>>>();
  return {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => {
        set.delete(listener as Listener<never>);
      };
    },
    emit(event, payload) {
      const set = listeners.get(event);
      if (!set) return;
      for (const l of [...set]) {
        try {
          (l as Listener<typeof payload>)(payload);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    clear() {
      listeners.clear();
    },
  };
}
