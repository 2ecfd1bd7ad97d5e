package org.icsched;

import java.util.Objects;

/**
 * The dag algebra of the IC-Sweep paper (§2): sums, compositions and induced
 * subdags, each with its origin map ({@link Derived}); the dual is
 * {@link Dag#dual()}. Names stay unique and traceable: a sum or a composition
 * prefixes each operand's names ("g0:", "g1:", ... by default; an empty
 * prefix keeps the names, which must then not clash: DUPLICATE_NODE).
 */
public final class DagAlgebra {
  private static final int[] NONE = new int[0];

  private DagAlgebra() {
  }

  /** G_0 + G_1 + ...: the disjoint union, names prefixed "g0:", "g1:", .... */
  public static Derived sum(Dag... dags) {
    return sum(new String[0], dags);
  }

  /**
   * G_0 + G_1 + ... with the names of dags[i] prefixed by prefixes[i] (an empty
   * prefixes array means the defaults). Node v of dags[i] gets id offset_i + v.
   *
   * @throws IcsException INVALID_ARGUMENT for no dags or a prefix count other than 0 or dags.length
   * @throws IllegalStateException when a dag is closed
   */
  public static Derived sum(String[] prefixes, Dag... dags) {
    Objects.requireNonNull(prefixes, "prefixes");
    long[] handles = handles(dags);
    for (int i = 0; i < prefixes.length; ++i) {
      Objects.requireNonNull(prefixes[i], "prefixes[" + i + "]");
    }
    try {
      Dag d = Dag.algebraSum(handles, prefixes);
      return derived(d, () -> Dag.algebraOrigin(0, handles, NONE, NONE, prefixes));
    } finally {
      java.lang.ref.Reference.reachabilityFence(dags);
    }
  }

  /** G1 ↑ G2 merging each pair {sink of g1, source of g2}; names prefixed "g0:" and "g1:". */
  public static Derived compose(Dag g1, Dag g2, int[][] pairs) {
    return compose(g1, g2, pairs, null, null);
  }

  /**
   * G1 ↑ G2 (IC-Sweep paper §2): each pair {sink of g1, source of g2} is merged
   * into one node, which keeps g1's id and name. g1's nodes keep their ids; g2's
   * other nodes follow in increasing id. Null prefixes mean the defaults "g0:", "g1:".
   *
   * @throws IcsException UNKNOWN_NODE for an id out of range; INVALID_ARGUMENT when a pair's
   *     first node is not a sink of g1, its second not a source of g2, or a node is merged twice
   */
  public static Derived compose(Dag g1, Dag g2, int[][] pairs, String prefix1, String prefix2) {
    Objects.requireNonNull(g1, "g1");
    Objects.requireNonNull(g2, "g2");
    Objects.requireNonNull(pairs, "pairs");
    int[] sinks = new int[pairs.length];
    int[] sources = new int[pairs.length];
    for (int k = 0; k < pairs.length; ++k) {
      Objects.requireNonNull(pairs[k], "pairs[" + k + "]");
      if (pairs[k].length != 2) {
        throw new IllegalArgumentException("pairs[" + k + "] must be {sink, source}");
      }
      sinks[k] = pairs[k][0];
      sources[k] = pairs[k][1];
    }
    if ((prefix1 == null) != (prefix2 == null)) {
      prefix1 = prefix1 == null ? "g0:" : prefix1;
      prefix2 = prefix2 == null ? "g1:" : prefix2;
    }
    String[] prefixes = prefix1 == null ? new String[0] : new String[] {prefix1, prefix2};
    Dag d = Dag.algebraCompose(g1, g2, sinks, sources, prefixes);
    long[] handles = handles(g1, g2);
    try {
      return derived(d, () -> Dag.algebraOrigin(1, handles, sinks, sources, prefixes));
    } finally {
      java.lang.ref.Reference.reachabilityFence(g1);
      java.lang.ref.Reference.reachabilityFence(g2);
    }
  }

  /**
   * The subdag of g induced by ids: those nodes (names kept, in increasing
   * original id) and the arcs among them.
   *
   * @throws IcsException UNKNOWN_NODE for an id out of range, INVALID_ARGUMENT for a repeated one
   */
  public static Derived induced(Dag g, int... ids) {
    Objects.requireNonNull(g, "g");
    Objects.requireNonNull(ids, "ids");
    Dag d = g.induced(ids);
    long[] handles = handles(g);
    try {
      return derived(d, () -> Dag.algebraOrigin(2, handles, ids, NONE, new String[0]));
    } finally {
      java.lang.ref.Reference.reachabilityFence(g);
    }
  }

  private static long[] handles(Dag... dags) {
    Objects.requireNonNull(dags, "dags");
    long[] handles = new long[dags.length];
    for (int i = 0; i < dags.length; ++i) {
      Objects.requireNonNull(dags[i], "dags[" + i + "]");
      handles[i] = Dag.getCPtr(dags[i]);
      if (handles[i] == 0) {
        throw new IllegalStateException("Dag is closed");
      }
    }
    return handles;
  }

  private static Derived derived(Dag d, java.util.function.Supplier<int[]> origin) {
    try {
      return new Derived(d, origin.get());
    } catch (RuntimeException e) {
      d.close();
      throw e;
    }
  }
}
