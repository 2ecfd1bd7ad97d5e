package org.icsched;

/** The state of a task in a {@link Server} (ics_task_state; same values). */
public enum TaskState {
  /** A parent is not executed yet. */
  WAITING(0),
  /** Every parent executed: in the pool, handed out by rank. */
  ELIGIBLE(1),
  /** Handed out to a worker, not reported yet. */
  RUNNING(2),
  /** Reported done. */
  EXECUTED(3),
  /** Failed more often than the retry limit allows. */
  FAILED(4),
  /** A descendant of a failed task: it can never run. */
  BLOCKED(5);

  private final int value;

  TaskState(int value) {
    this.value = value;
  }

  /** The C API's value. */
  public int value() {
    return value;
  }

  /** The state with the C API's value v. */
  public static TaskState of(int v) {
    for (TaskState s : values()) {
      if (s.value == v) {
        return s;
      }
    }
    throw new IllegalStateException("unknown task state " + v);
  }
}
