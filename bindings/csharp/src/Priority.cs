namespace IcSched {

/// <summary>
/// The priority relation G1 ▷ G2 (system (1) of the IC-Sweep paper): executing all of G1's
/// nonsinks before G2's loses no eligibility at any step.
/// </summary>
public static class Priority {
  /// <summary>
  /// G1 ▷ G2 by nonsource profiles (each starting with 0; see Dag.NonsourceProfile).
  /// IcsException(InvalidArgument) for an empty profile, one not starting with 0 or a negative value.
  /// </summary>
  public static bool Has(int[] e1, int[] e2) {
    if (e1 == null) {
      throw new global::System.ArgumentNullException("e1");
    }
    if (e2 == null) {
      throw new global::System.ArgumentNullException("e2");
    }
    return Sweep.PriorityOfProfiles(e1, e2);
  }

  /// <summary>
  /// Why G1 ▷ G2 fails: the lexicographically smallest {x, y} violating system (1),
  /// E1(x) + E2(y) &gt; E1(min(s1, x + y)) + E2(max(0, x + y - s1)) with s1 = e1.Length - 1
  /// (running x nonsinks of G1 and y of G2 beats running G1's first); null when G1 ▷ G2.
  /// IcsException(InvalidArgument) for an empty profile, one not starting with 0 or a negative value.
  /// </summary>
  public static int[] Violation(int[] e1, int[] e2) {
    if (e1 == null) {
      throw new global::System.ArgumentNullException("e1");
    }
    if (e2 == null) {
      throw new global::System.ArgumentNullException("e2");
    }
    int[] xy = Sweep.ViolationOfProfiles(e1, e2);
    return xy.Length == 0 ? null : xy;
  }

  /// <summary>
  /// G1 ▷ G2 for two dags, each through its IC-optimal schedule. IcsException(NotIcOptimal)
  /// when a dag has no proven IC-optimal schedule; ObjectDisposedException when one is disposed.
  /// </summary>
  public static bool Has(Dag g1, Dag g2) {
    if (g1 == null) {
      throw new global::System.ArgumentNullException("g1");
    }
    if (g2 == null) {
      throw new global::System.ArgumentNullException("g2");
    }
    return Sweep.PriorityOfDags(g1, g2);
  }
}

}
