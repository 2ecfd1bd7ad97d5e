namespace IcSched {

/// <summary>
/// The dag algebra of the IC-Sweep paper (§2): sums, compositions and induced subdags,
/// each with its origin map (Derived); the dual is Dag.Dual(). Names stay unique and
/// traceable: a sum or a composition prefixes each operand's names ("g0:", "g1:", ... by
/// default; an empty prefix keeps the names, which must then not clash: DuplicateNode).
/// </summary>
public static class DagAlgebra {
  private static readonly int[] None = new int[0];

  /// <summary>G_0 + G_1 + ...: the disjoint union, names prefixed "g0:", "g1:", ....</summary>
  public static Derived Sum(params Dag[] dags) {
    return Sum(new string[0], dags);
  }

  /// <summary>
  /// G_0 + G_1 + ... with the names of dags[i] prefixed by prefixes[i] (an empty prefixes
  /// array means the defaults). Node v of dags[i] gets id offset_i + v.
  /// IcsException(InvalidArgument) for no dags or a prefix count other than 0 or dags.Length.
  /// </summary>
  public static Derived Sum(string[] prefixes, params Dag[] dags) {
    if (prefixes == null) {
      throw new global::System.ArgumentNullException("prefixes");
    }
    for (int i = 0; i < prefixes.Length; ++i) {
      if (prefixes[i] == null) {
        throw new global::System.ArgumentNullException("prefixes", "prefixes[" + i + "] is null");
      }
    }
    long[] handles = Handles(dags);
    Dag d = Dag.AlgebraSum(handles, prefixes);
    Derived r = WithOrigin(d, () => Dag.AlgebraOrigin(0, handles, None, None, prefixes));
    global::System.GC.KeepAlive(dags);
    return r;
  }

  /// <summary>G1 ^ G2 merging each pair {sink of g1, source of g2}; names prefixed "g0:" and "g1:".</summary>
  public static Derived Compose(Dag g1, Dag g2, int[][] pairs) {
    return Compose(g1, g2, pairs, null, null);
  }

  /// <summary>
  /// G1 ^ G2 (IC-Sweep paper §2): each pair {sink of g1, source of g2} is merged into one
  /// node, which keeps g1's id and name; g2's other nodes follow in increasing id. Null
  /// prefixes mean the defaults "g0:", "g1:". IcsException(UnknownNode) for an id out of
  /// range; IcsException(InvalidArgument) for a non-sink, a non-source or a node merged twice.
  /// </summary>
  public static Derived Compose(Dag g1, Dag g2, int[][] pairs, string prefix1, string prefix2) {
    if (pairs == null) {
      throw new global::System.ArgumentNullException("pairs");
    }
    var sinks = new int[pairs.Length];
    var sources = new int[pairs.Length];
    for (int k = 0; k < pairs.Length; ++k) {
      if (pairs[k] == null || pairs[k].Length != 2) {
        throw new global::System.ArgumentException("pairs[" + k + "] must be {sink, source}", "pairs");
      }
      sinks[k] = pairs[k][0];
      sources[k] = pairs[k][1];
    }
    string[] prefixes = prefix1 == null && prefix2 == null ? new string[0]
                                                           : new[] {prefix1 ?? "g0:", prefix2 ?? "g1:"};
    long[] handles = Handles(g1, g2);
    Dag d = Dag.AlgebraCompose(g1, g2, sinks, sources, prefixes);
    Derived r = WithOrigin(d, () => Dag.AlgebraOrigin(1, handles, sinks, sources, prefixes));
    global::System.GC.KeepAlive(g1);
    global::System.GC.KeepAlive(g2);
    return r;
  }

  /// <summary>
  /// The subdag of g induced by ids: those nodes (names kept, in increasing original id)
  /// and the arcs among them. IcsException(UnknownNode) for an id out of range,
  /// IcsException(InvalidArgument) for a repeated one.
  /// </summary>
  public static Derived Induced(Dag g, params int[] ids) {
    if (ids == null) {
      throw new global::System.ArgumentNullException("ids");
    }
    long[] handles = Handles(g);
    Dag d = g.Induced(ids);
    Derived r = WithOrigin(d, () => Dag.AlgebraOrigin(2, handles, ids, None, new string[0]));
    global::System.GC.KeepAlive(g);
    return r;
  }

  private static long[] Handles(params Dag[] dags) {
    if (dags == null) {
      throw new global::System.ArgumentNullException("dags");
    }
    var handles = new long[dags.Length];
    for (int i = 0; i < dags.Length; ++i) {
      if (dags[i] == null) {
        throw new global::System.ArgumentNullException("dags", "dags[" + i + "] is null");
      }
      handles[i] = Dag.getCPtr(dags[i]).Handle.ToInt64();
      if (handles[i] == 0) {
        throw new global::System.ObjectDisposedException("Dag");
      }
    }
    return handles;
  }

  private static Derived WithOrigin(Dag d, global::System.Func<int[]> origin) {
    try {
      return new Derived(d, origin());
    } catch {
      d.Dispose();
      throw;
    }
  }
}

}
