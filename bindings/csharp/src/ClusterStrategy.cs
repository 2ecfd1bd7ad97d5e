namespace IcSched {

/// <summary>How Cluster.Extract chooses a clustered task (ics_cluster_strategy; same values).</summary>
public enum ClusterStrategy {
  /// <summary>The first k tasks of an IC-optimal schedule (Theorem 3.1, Corollary 3.1): productive.</summary>
  Direct = 0,
  /// <summary>Whole building blocks of the priority chain, skipping some, to cut fewer arcs (Lemma 3.1).</summary>
  Staggered = 1,
  /// <summary>Universal donors: W/N/Cycle or M compositions; fewest cut arcs (Theorems 3.3, 3.4).</summary>
  Donor = 2,
  /// <summary>The certified candidate of the strategies above with the fewest cut arcs.</summary>
  MinCut = 3,
  /// <summary>A user-supplied cluster (Cluster.Check).</summary>
  Check = 4
}

}
