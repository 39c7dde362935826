/**
 * A body that never ends, for the tests of a bounded read: it gives `chunkBytes` at each pull, and
 * past `guardBytes` (far beyond any cap under test) it fails with an error that names the broken
 * cap instead of giving more. A read that ignores its cap then ends at once, with a failure that
 * says so, rather than hanging the suite while its memory grows.
 */
export interface EndlessStream {
  stream: ReadableStream<Uint8Array>;
  /** Pulls so far. */
  readonly pulled: number;
  /** Whether the reader went past the guard: its cap is broken. */
  readonly overran: boolean;
  /** Whether the reader cancelled the stream. */
  readonly cancelled: boolean;
}

/** See {@link EndlessStream}. */
export function endlessStream({
  chunkBytes = 1024,
  guardBytes = 16 * 1024 * 1024,
}: { chunkBytes?: number; guardBytes?: number } = {}): EndlessStream {
  const state = { pulled: 0, overran: false, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += 1;
      if (state.pulled * chunkBytes > guardBytes) {
        state.overran = true;
        controller.error(
          new Error(
            `read ${state.pulled * chunkBytes} bytes of an endless body: its cap is broken`,
          ),
        );
        return;
      }
      controller.enqueue(new Uint8Array(chunkBytes).fill(0x41));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return {
    stream,
    get pulled() {
      return state.pulled;
    },
    get overran() {
      return state.overran;
    },
    get cancelled() {
      return state.cancelled;
    },
  };
}
