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
  /// <summary>Heuristic fallback.</summary>
  Greedy = 3
}

}
