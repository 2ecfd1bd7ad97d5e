package org.icsched;

/**
 * One scheduling call's bridge from a {@link ProgressListener} to the native callback (the SWIG
 * director {@link ProgressCallback}): what the listener throws is kept, cancels the call, and is
 * rethrown by {@link #check} in place of the CANCELLED exception. Closing frees the director.
 */
final class ProgressAdapter implements AutoCloseable {
  private final ProgressCallback callback;  // null without a listener
  private Throwable thrown;

  private ProgressAdapter(ProgressListener listener) {
    this.callback = listener == null ? null : new ProgressCallback() {
      @Override
      public boolean report(String stage, long done, long total) {
        if (thrown != null) {
          return false;
        }
        try {
          return listener.onProgress(stage, done, total);
        } catch (Throwable t) {
          thrown = t;
          return false;
        }
      }
    };
  }

  static ProgressAdapter of(ProgressListener listener) {
    return new ProgressAdapter(listener);
  }

  /** The native callback to pass (null without a listener). */
  ProgressCallback callback() {
    return callback;
  }

  /** Runs the call; rethrows what the listener threw when that cancelled it. */
  <T> T check(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (IcsException e) {
      if (thrown instanceof RuntimeException) {
        throw (RuntimeException) thrown;
      }
      if (thrown instanceof Error) {
        throw (Error) thrown;
      }
      if (thrown != null) {
        e.addSuppressed(thrown);
      }
      throw e;
    }
  }

  @Override
  public void close() {
    if (callback != null) {
      callback.delete();
    }
  }
}
