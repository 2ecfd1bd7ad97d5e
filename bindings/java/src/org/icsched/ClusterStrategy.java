package org.icsched;

/** How {@link Cluster#extract} chooses a clustered task (ics_cluster_strategy; same values). */
public enum ClusterStrategy {
  /** The first k tasks of an IC-optimal schedule (Theorem 3.1, Corollary 3.1): productive. */
  DIRECT(0),
  /** Whole building blocks of the priority chain, skipping some, to cut fewer arcs (Lemma 3.1). */
  STAGGERED(1),
  /** Universal donors: compositions of W-, N-, Cycle-dags or of M-dags; fewest cut arcs (Theorems 3.3, 3.4). */
  DONOR(2),
  /** The certified candidate of the strategies above with the fewest cut arcs. */
  MIN_CUT(3),
  /** A user-supplied cluster ({@link Cluster#check}). */
  CHECK(4);

  private final int value;

  ClusterStrategy(int value) {
    this.value = value;
  }

  /** The C API's value. */
  public int value() {
    return value;
  }

  /** The strategy with the C API's value v. */
  public static ClusterStrategy of(int v) {
    for (ClusterStrategy s : values()) {
      if (s.value == v) {
        return s;
      }
    }
    throw new IllegalArgumentException("no cluster strategy " + v);
  }
}
