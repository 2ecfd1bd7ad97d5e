namespace IcSched {

using System.Collections.Generic;

/// <summary>
/// Batched IC scheduling (batch-scheduling paper): when r workers ask for tasks at once, choose
/// r ELIGIBLE tasks whose execution leaves the most tasks ELIGIBLE, and say how good the choice is.
/// </summary>
public static class Batch {
  /// <summary>The default budget of the exact search (search nodes per call).</summary>
  public const long DefaultExactBudget = 1L << 20;

  /// <summary>
  /// The best r tasks to run next, given the executed tasks (ids, closed under parents).
  /// IcsException(InvalidArgument) when executed has an unknown id, a duplicate or a task with an
  /// unexecuted parent, or when r is not in 1..(number of ELIGIBLE tasks).
  /// </summary>
  public static BatchResult Select(Dag dag, int[] executed, int r) {
    return Select(dag, executed, r, BatchMethod.Auto, DefaultExactBudget);
  }

  /// <summary>
  /// The same with a forced method and exact-search budget (0 = unlimited): IcsException(Unsupported)
  /// when TreeDp / Expansive do not apply, IcsException(TooLarge) when Exact runs out of budget.
  /// </summary>
  public static BatchResult Select(Dag dag, int[] executed, int r, BatchMethod method, long exactBudget) {
    Check(dag, "dag");
    Check(executed, "executed");
    int at = 0;
    return BatchResult.Read(BatchNative.Select(dag, executed, r, (int) method, exactBudget), ref at);
  }

  /// <summary>
  /// Plays the Batched IC Pebble Game from the start: batch t runs min(ELIGIBLE, requests[t]) tasks.
  /// IcsException(InvalidArgument) when a request is 0.
  /// </summary>
  public static IList<BatchResult> Play(Dag dag, int[] requests) {
    return Play(dag, new int[0], requests, BatchMethod.Auto, DefaultExactBudget);
  }

  /// <summary>The same from the executed tasks, with a forced method and budget.</summary>
  public static IList<BatchResult> Play(Dag dag, int[] executed, int[] requests, BatchMethod method, long exactBudget) {
    Check(dag, "dag");
    Check(executed, "executed");
    Check(requests, "requests");
    long[] v = BatchNative.Play(dag, executed, requests, (int) method, exactBudget);
    var batches = new List<BatchResult>((int) v[0]);
    int at = 1;
    for (long t = 0; t < v[0]; ++t) {
      batches.Add(BatchResult.Read(v, ref at));
    }
    return batches.AsReadOnly();
  }

  private static void Check(object value, string name) {
    if (value == null) {
      throw new global::System.ArgumentNullException(name);
    }
  }
}

}
