package org.icsched;

/** How {@link Batch} chooses a batch (ics_batch_method; same values). */
public enum BatchMethod {
  /** Options only: choose per component of the reduction (never a result). */
  AUTO,
  /** Exhaustive search of each component (with a budget): optimal. */
  EXACT,
  /** Σ_DP on composite tree-dags, combined by Theorem 2: polynomial and optimal. */
  TREE_DP,
  /** Σ_exp on expansive dags (Theorem 4): at least 1/4 of the optimal gain. */
  EXPANSIVE,
  /** Greedy, with a proven upper bound ({@link BatchResult#boundAfter()}). */
  GREEDY;

  static BatchMethod of(long code) {
    BatchMethod[] all = values();
    if (code < 0 || code >= all.length) {
      throw new IllegalStateException("unknown batch method " + code);
    }
    return all[(int) code];
  }
}
