namespace IcSched {

/// <summary>The state of a task in a Server (ics_task_state; same values).</summary>
public enum TaskState {
  /// <summary>A parent is not executed yet.</summary>
  Waiting = 0,
  /// <summary>Every parent executed: in the pool, handed out by rank.</summary>
  Eligible = 1,
  /// <summary>Handed out to a worker, not reported yet.</summary>
  Running = 2,
  /// <summary>Reported done.</summary>
  Executed = 3,
  /// <summary>Failed more often than the retry limit allows.</summary>
  Failed = 4,
  /// <summary>A descendant of a failed task: it can never run.</summary>
  Blocked = 5
}

}
