namespace IcSched {

/// <summary>What Server.Request(worker, k) hands out for k &gt; 1 (ics_server_multi; same values).</summary>
public enum RequestMode {
  /// <summary>The k best-ranked eligible tasks.</summary>
  Best = 0,
  /// <summary>A self-contained cluster grown by rank: eligible tasks and tasks whose unexecuted parents are all in it.</summary>
  ClusterRank = 1,
  /// <summary>A clustering-paper cluster (§3) with ServerOptions.ClusterStrategy over the tasks no running or
  /// failed task precedes; ClusterRank when the strategy does not apply to them.</summary>
  Cluster = 2
}

}
