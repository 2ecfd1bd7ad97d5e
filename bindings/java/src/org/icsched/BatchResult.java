package org.icsched;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * One batch chosen by {@link Batch}: the tasks to run and how good the choice is. A plain value:
 * nothing to close. ELIGIBLE = unexecuted with every parent executed;
 * {@code eligibleAfter() == eligibleBefore() - selected().length + newlyEligible()}.
 */
public final class BatchResult {
  private final int[] selected;
  private final int eligibleBefore;
  private final int eligibleAfter;
  private final int newlyEligible;
  private final int boundAfter;
  private final BatchMethod method;
  private final boolean optimal;
  private final String guarantee;

  private BatchResult(int[] selected, int eligibleBefore, int eligibleAfter, int newlyEligible, int boundAfter,
      BatchMethod method, boolean optimal, String guarantee) {
    this.selected = selected;
    this.eligibleBefore = eligibleBefore;
    this.eligibleAfter = eligibleAfter;
    this.newlyEligible = newlyEligible;
    this.boundAfter = boundAfter;
    this.method = method;
    this.optimal = optimal;
    this.guarantee = guarantee;
  }

  /** Reads one record of the binding's wire format (see bindings/swig/ics.i) at at[0], advancing it. */
  static BatchResult read(long[] v, int[] at) {
    int p = at[0];
    int before = (int) v[p];
    int after = (int) v[p + 1];
    int newly = (int) v[p + 2];
    int bound = (int) v[p + 3];
    BatchMethod method = BatchMethod.of(v[p + 4]);
    boolean optimal = v[p + 5] != 0;
    int n = (int) v[p + 6];
    p += 7;
    int[] ids = new int[n];
    for (int k = 0; k < n; ++k) {
      ids[k] = (int) v[p++];
    }
    int m = (int) v[p++];
    byte[] text = new byte[m];
    for (int k = 0; k < m; ++k) {
      text[k] = (byte) v[p++];
    }
    at[0] = p;
    return new BatchResult(ids, before, after, newly, bound, method, optimal,
        new String(text, StandardCharsets.UTF_8));
  }

  /** The batch: task ids in increasing order. */
  public int[] selected() {
    return selected.clone();
  }

  /** ELIGIBLE tasks before the batch runs. */
  public int eligibleBefore() {
    return eligibleBefore;
  }

  /** ELIGIBLE tasks once the batch has run. */
  public int eligibleAfter() {
    return eligibleAfter;
  }

  /** Tasks the batch renders ELIGIBLE. */
  public int newlyEligible() {
    return newlyEligible;
  }

  /** A proven upper bound on the best possible {@link #eligibleAfter()} (equal to it when optimal). */
  public int boundAfter() {
    return boundAfter;
  }

  /** The method that produced the batch (never AUTO). */
  public BatchMethod method() {
    return method;
  }

  /** True when {@link #eligibleAfter()} is proven to be the maximum. */
  public boolean isOptimal() {
    return optimal;
  }

  /** One line saying what is proven about this batch. */
  public String guarantee() {
    return guarantee;
  }

  @Override
  public String toString() {
    return "BatchResult" + Arrays.toString(selected) + " eligibleAfter=" + eligibleAfter + " " + method
        + (optimal ? " optimal" : " (at most " + boundAfter + ")");
  }
}
