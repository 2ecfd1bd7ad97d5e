namespace IcSched {

/// <summary>
/// Limits of Dag.Schedule(ScheduleOptions) (ics_schedule_options). A new instance holds the
/// linked library's ICS_SCHEDULE_OPTIONS_INIT values; set what differs:
/// <c>dag.Schedule(new ScheduleOptions { ExactMaxNodes = 0 })</c>. Negative values throw
/// IcsException(InvalidArgument).
/// </summary>
public sealed class ScheduleOptions {
  private static readonly global::System.Lazy<long[]> defaults =
      new global::System.Lazy<long[]>(() => Schedule.DefaultOptions());

  private int exactMaxNodes;
  private long exactMaxDownsets;
  private int blockExactMaxSources;
  private Objective objective = Objective.Eligibility;
  private long areaMaxDownsets;
  private long sidneyMaxWork;

  /// <summary>The library's defaults.</summary>
  public ScheduleOptions() {
    long[] d = defaults.Value;
    exactMaxNodes = (int) d[0];
    exactMaxDownsets = d[1];
    blockExactMaxSources = (int) d[2];
    areaMaxDownsets = d[3];
    sidneyMaxWork = d[4];
  }

  /// <summary>Dags up to this many nodes are decided exactly when the decomposition proves nothing.</summary>
  public int ExactMaxNodes {
    get { return exactMaxNodes; }
    set { exactMaxNodes = (int) NonNegative(value, "ExactMaxNodes"); }
  }

  /// <summary>Down-set budget of the exact search for larger dags (up to 64 nodes).</summary>
  public long ExactMaxDownsets {
    get { return exactMaxDownsets; }
    set { exactMaxDownsets = NonNegative(value, "ExactMaxDownsets"); }
  }

  /// <summary>Exhaustive search limit for one building block, in sources (at most 30).</summary>
  public int BlockExactMaxSources {
    get { return blockExactMaxSources; }
    set { blockExactMaxSources = (int) NonNegative(value, "BlockExactMaxSources"); }
  }

  /// <summary>
  /// Objective.Eligibility (default) or Objective.Memory: a low memory cost among the
  /// IC-optimal schedules (the least possible on small dags), with the same E(t).
  /// </summary>
  public Objective Objective {
    get { return objective; }
    set { objective = value; }
  }

  /// <summary>
  /// Down-sets the exact AREA search may visit on a dag (of any size) without a proven
  /// IC-optimal schedule; over it the heuristic answer comes back and Schedule.Reason says
  /// so. 0 turns the search off.
  /// </summary>
  public long AreaMaxDownsets {
    get { return areaMaxDownsets; }
    set { areaMaxDownsets = NonNegative(value, "AreaMaxDownsets"); }
  }

  /// <summary>
  /// Units of work (arcs built and scanned; subsets enumerated ÷ 8 on small two-level components) the Sidney decomposition may spend when no schedule
  /// is proven; 0 (default): min(2 size^2, 2^20) per weakly connected component (size = its nodes
  /// + arcs), plus 16 x (nodes + arcs) + 2^24 on dags of at most 2^18 nodes + arcs. Past it
  /// the sets not yet split stay whole and the AREA bound is looser (Schedule.Reason says so);
  /// more buys a tighter bound and often a larger AREA. 1 splits nothing.
  /// </summary>
  public long SidneyMaxWork {
    get { return sidneyMaxWork; }
    set { sidneyMaxWork = NonNegative(value, "SidneyMaxWork"); }
  }

  /// <summary>
  /// Progress reports and cancellation (ics_schedule_options.progress; default null: none):
  /// called as (stage, done, total) at the pipeline's stage boundaries (done of total for stages
  /// with a natural count, else 0 of 0); returning false cancels the call, which throws
  /// IcsException(Status.Cancelled); an exception it throws cancels too and is rethrown.
  /// <c>new ScheduleOptions { Progress = (stage, done, total) => !token.IsCancellationRequested }</c>
  /// </summary>
  public global::System.Func<string, ulong, ulong, bool> Progress { get; set; }

  public override string ToString() {
    return "ScheduleOptions[ExactMaxNodes=" + exactMaxNodes + ", ExactMaxDownsets=" + exactMaxDownsets +
           ", BlockExactMaxSources=" + blockExactMaxSources + ", Objective=" + objective +
           ", AreaMaxDownsets=" + areaMaxDownsets + ", SidneyMaxWork=" + sidneyMaxWork + "]";
  }

  private static long NonNegative(long value, string what) {
    if (value < 0) {
      throw new IcsException(Status.InvalidArgument, what + " must not be negative (got " + value + ")");
    }
    return value;
  }
}

}
