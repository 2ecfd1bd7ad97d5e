namespace IcSched {

/// <summary>
/// One scheduling call's bridge from ScheduleOptions.Progress to the native callback (the SWIG
/// director ProgressCallback): what the delegate throws is kept, cancels the call, and is rethrown
/// by Check in place of the Cancelled IcsException. Dispose frees the director.
/// </summary>
internal sealed class ProgressAdapter : global::System.IDisposable {
  private readonly Director director;  // null without a delegate
  private global::System.Exception thrown;

  private sealed class Director : ProgressCallback {
    private readonly ProgressAdapter owner;
    private readonly global::System.Func<string, ulong, ulong, bool> listener;

    internal Director(ProgressAdapter owner, global::System.Func<string, ulong, ulong, bool> listener) {
      this.owner = owner;
      this.listener = listener;
    }

    public override bool Report(string stage, long done, long total) {
      if (owner.thrown != null) {
        return false;
      }
      try {
        return listener(stage, (ulong) done, (ulong) total);
      } catch (global::System.Exception e) {
        owner.thrown = e;
        return false;
      }
    }
  }

  private ProgressAdapter(global::System.Func<string, ulong, ulong, bool> listener) {
    director = listener == null ? null : new Director(this, listener);
  }

  internal static ProgressAdapter Of(global::System.Func<string, ulong, ulong, bool> listener) {
    return new ProgressAdapter(listener);
  }

  /// <summary>The native callback to pass (null without a delegate).</summary>
  internal ProgressCallback Callback {
    get { return director; }
  }

  /// <summary>Runs the call; rethrows what the delegate threw when that cancelled it.</summary>
  internal T Check<T>(global::System.Func<T> call) {
    try {
      return call();
    } catch (IcsException) {
      if (thrown != null) {
        global::System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(thrown).Throw();
      }
      throw;
    }
  }

  public void Dispose() {
    if (director != null) {
      director.Dispose();
    }
  }
}

}
