namespace IcSched {

/// <summary>How Batch chooses a batch (ics_batch_method; same values).</summary>
public enum BatchMethod {
  /// <summary>Options only: choose per component of the reduction (never a result).</summary>
  Auto = 0,
  /// <summary>Exhaustive search of each component (with a budget): optimal.</summary>
  Exact = 1,
  /// <summary>Σ_DP on composite tree-dags, combined by Theorem 2: polynomial and optimal.</summary>
  TreeDp = 2,
  /// <summary>Σ_exp on expansive dags (Theorem 4): at least 1/4 of the optimal gain.</summary>
  Expansive = 3,
  /// <summary>Greedy, with a proven upper bound (BatchResult.BoundAfter).</summary>
  Greedy = 4
}

}
