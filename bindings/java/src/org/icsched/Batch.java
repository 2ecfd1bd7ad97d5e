package org.icsched;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Batched IC scheduling (batch-scheduling paper): when r workers ask for tasks at once, choose
 * r ELIGIBLE tasks whose execution leaves the most tasks ELIGIBLE, and say how good the choice is.
 */
public final class Batch {
  /** The default search budget of the exact search (search nodes per call). */
  public static final long DEFAULT_EXACT_BUDGET = 1L << 20;

  private Batch() {
  }

  /**
   * The best r tasks to run next, given the executed tasks (ids, closed under parents).
   *
   * @throws IcsException INVALID_ARGUMENT when executed has an unknown id, a duplicate or a task
   *     with an unexecuted parent, or when r is not in 1..(number of ELIGIBLE tasks)
   */
  public static BatchResult select(Dag dag, int[] executed, int r) {
    return select(dag, executed, r, BatchMethod.AUTO, DEFAULT_EXACT_BUDGET);
  }

  /**
   * The same with a forced method and exact-search budget (0 = unlimited).
   *
   * @throws IcsException UNSUPPORTED when TREE_DP / EXPANSIVE do not apply; TOO_LARGE when EXACT
   *     runs out of budget
   */
  public static BatchResult select(Dag dag, int[] executed, int r, BatchMethod method, long exactBudget) {
    Objects.requireNonNull(dag, "dag");
    Objects.requireNonNull(executed, "executed");
    Objects.requireNonNull(method, "method");
    return BatchResult.read(BatchNative.select(dag, executed, r, method.ordinal(), exactBudget), new int[] {0});
  }

  /**
   * Plays the Batched IC Pebble Game from the start: batch t runs min(ELIGIBLE, requests[t]) tasks.
   *
   * @throws IcsException INVALID_ARGUMENT when a request is 0
   */
  public static List<BatchResult> play(Dag dag, int[] requests) {
    return play(dag, new int[0], requests, BatchMethod.AUTO, DEFAULT_EXACT_BUDGET);
  }

  /** The same from the executed tasks, with a forced method and budget. */
  public static List<BatchResult> play(Dag dag, int[] executed, int[] requests, BatchMethod method,
      long exactBudget) {
    Objects.requireNonNull(dag, "dag");
    Objects.requireNonNull(executed, "executed");
    Objects.requireNonNull(requests, "requests");
    Objects.requireNonNull(method, "method");
    long[] v = BatchNative.play(dag, executed, requests, method.ordinal(), exactBudget);
    int[] at = {1};
    List<BatchResult> batches = new ArrayList<>((int) v[0]);
    for (long t = 0; t < v[0]; ++t) {
      batches.add(BatchResult.read(v, at));
    }
    return Collections.unmodifiableList(batches);
  }
}
