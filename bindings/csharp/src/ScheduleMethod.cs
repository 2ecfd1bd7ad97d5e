namespace IcSched {

/// <summary>
/// How a Schedule's order was found (ics_schedule_method; same values). Written by hand,
/// not generated: SWIG would drop the member Sweep, whose name the class Sweep takes.
/// </summary>
public enum ScheduleMethod {
  /// <summary>Building blocks and a priority linearization (Theorem 2.1).</summary>
  Decomposition = 0,
  /// <summary>The same with IC-Sweep on sums of blocks (Theorem 4.1).</summary>
  Sweep = 1,
  /// <summary>Exhaustive search over down-sets (small dags).</summary>
  Exact = 2,
  /// <summary>Heuristic fallback: most newly eligible first, sinks last.</summary>
  Greedy = 3,
  /// <summary>Heuristic fallback: Sidney decomposition, greedy inside its blocks.</summary>
  Sidney = 4,
  /// <summary>Heuristic fallback: the FIFO order had the largest AREA.</summary>
  Fifo = 5,
  /// <summary>Heuristic fallback: the level order had the largest AREA.</summary>
  Level = 6,
  /// <summary>AREA-maximal by the series-parallel algorithm (status AreaOptimal).</summary>
  SeriesParallel = 7
}

}
