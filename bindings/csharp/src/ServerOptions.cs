namespace IcSched {

/// <summary>
/// Options of Server.Create and Server.Open (ics_server_options); set what differs:
/// <c>new ServerOptions { Lease = 30, RetryLimit = 2, Journal = "run.jnl", FsyncEvery = 1000 }</c>.
/// Ranking: icsched's schedule (default, with Objective), or a caller Order or Priorities (higher first).
/// </summary>
public sealed class ServerOptions {
  private long lease;
  private int retryLimit = 3;
  private int fsyncEvery = 1;

  /// <summary>Rank by this order (every task once, first = best); null: the schedule.</summary>
  public int[] Order { get; set; }
  /// <summary>Rank by these priorities (one per task, higher first, ties by id); null: the schedule.</summary>
  public int[] Priorities { get; set; }
  /// <summary>The objective of the schedule ranking and of Server.Replan().</summary>
  public Objective Objective { get; set; }
  /// <summary>What a request for k &gt; 1 tasks hands out (default Best).</summary>
  public RequestMode RequestMode { get; set; }
  /// <summary>The clustering strategy of RequestMode.Cluster (default Direct).</summary>
  public ClusterStrategy ClusterStrategy { get; set; }
  /// <summary>The method of Server.RequestBatch (default Auto).</summary>
  public BatchMethod BatchMethod { get; set; }
  /// <summary>The journal file; null = none (default).</summary>
  public string Journal { get; set; }

  /// <summary>Lease length in the caller's clock units (Server.Tick); 0 = no leases (default).</summary>
  public long Lease {
    get { return lease; }
    set { lease = NonNegative(value, "Lease"); }
  }

  /// <summary>Failures a task may have before it is failed for good (default 3, at most 254).</summary>
  public int RetryLimit {
    get { return retryLimit; }
    set { retryLimit = (int) NonNegative(value, "RetryLimit"); }
  }

  /// <summary>fsync the journal after every record (1, default), every N records, or never (0).</summary>
  public int FsyncEvery {
    get { return fsyncEvery; }
    set { fsyncEvery = (int) NonNegative(value, "FsyncEvery"); }
  }

  private static long NonNegative(long value, string what) {
    if (value < 0) {
      throw new IcsException(Status.InvalidArgument, what + " must not be negative (got " + value + ")");
    }
    return value;
  }
}

}
