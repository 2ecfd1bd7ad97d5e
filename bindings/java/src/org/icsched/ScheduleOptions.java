package org.icsched;

/**
 * Limits of {@link Dag#schedule(ScheduleOptions)} ({@code ics_schedule_options}).
 * Immutable; {@link #defaults()} (or {@code new ScheduleOptions()}) holds the
 * linked library's {@code ICS_SCHEDULE_OPTIONS_INIT} values, the
 * {@code with*} methods return modified copies:
 * <pre>{@code
 * ScheduleOptions o = ScheduleOptions.defaults().withExactMaxNodes(0); // never search exactly
 * ScheduleOptions m = ScheduleOptions.defaults().withObjective(Objective.MEMORY); // low memory, same E(t)
 * ScheduleOptions a = ScheduleOptions.defaults().withAreaMaxDownsets(0); // no exact AREA search
 * ScheduleOptions s = ScheduleOptions.defaults().withSidneyMaxWork(1L << 30); // tighter AREA bound, more time
 * ScheduleOptions p = ScheduleOptions.defaults().withProgress((stage, done, total) -> !stop.get()); // reports, cancel
 * }</pre>
 */
public final class ScheduleOptions {
  private final int exactMaxNodes;
  private final long exactMaxDownsets;
  private final int blockExactMaxSources;
  private final Objective objective;
  private final long areaMaxDownsets;
  private final long sidneyMaxWork;
  private final ProgressListener progress;  // null: none

  /** The library's defaults (read once from the native library). */
  public ScheduleOptions() {
    this((int) Defaults.VALUES[0], Defaults.VALUES[1], (int) Defaults.VALUES[2], Objective.ELIGIBILITY,
        Defaults.VALUES[3], Defaults.VALUES[4]);
  }

  /** The given limits with objective {@link Objective#ELIGIBILITY}. */
  public ScheduleOptions(int exactMaxNodes, long exactMaxDownsets, int blockExactMaxSources) {
    this(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, Objective.ELIGIBILITY);
  }

  /** The given limits, objective, and the library's default AREA budget. */
  public ScheduleOptions(int exactMaxNodes, long exactMaxDownsets, int blockExactMaxSources, Objective objective) {
    this(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, defaults().areaMaxDownsets);
  }

  /**
   * @param exactMaxNodes        dags up to this many nodes are decided exactly
   * @param exactMaxDownsets     down-set budget of the exact search for larger dags
   * @param blockExactMaxSources exhaustive search limit for one block (at most 30)
   * @param objective            what the freedom among IC-optimal schedules is spent on
   * @param areaMaxDownsets      down-set budget of the exact AREA search (0: off)
   * @throws IcsException INVALID_ARGUMENT for a negative value
   * @throws NullPointerException when objective is null
   */
  public ScheduleOptions(int exactMaxNodes, long exactMaxDownsets, int blockExactMaxSources, Objective objective,
      long areaMaxDownsets) {
    this(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, areaMaxDownsets,
        defaults().sidneyMaxWork);
  }

  /**
   * The five limits above and the Sidney decomposition's work budget.
   *
   * @param sidneyMaxWork units of work the Sidney decomposition of the AREA fallback may spend
   *     (0: the library's default from the dag's size)
   * @throws IcsException INVALID_ARGUMENT for a negative value
   */
  public ScheduleOptions(int exactMaxNodes, long exactMaxDownsets, int blockExactMaxSources, Objective objective,
      long areaMaxDownsets, long sidneyMaxWork) {
    this(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, areaMaxDownsets, sidneyMaxWork, null);
  }

  private ScheduleOptions(int exactMaxNodes, long exactMaxDownsets, int blockExactMaxSources, Objective objective,
      long areaMaxDownsets, long sidneyMaxWork, ProgressListener progress) {
    this.progress = progress;
    this.sidneyMaxWork = nonNegative(sidneyMaxWork, "sidneyMaxWork");
    this.areaMaxDownsets = nonNegative(areaMaxDownsets, "areaMaxDownsets");
    this.exactMaxNodes = nonNegative(exactMaxNodes, "exactMaxNodes");
    this.exactMaxDownsets = nonNegative(exactMaxDownsets, "exactMaxDownsets");
    this.blockExactMaxSources = nonNegative(blockExactMaxSources, "blockExactMaxSources");
    this.objective = java.util.Objects.requireNonNull(objective, "objective");
  }

  /** The library's defaults ({@code ICS_SCHEDULE_OPTIONS_INIT}). */
  public static ScheduleOptions defaults() {
    return Defaults.OPTIONS;
  }

  /** Dags up to this many nodes are decided exactly when the decomposition proves nothing. */
  public int exactMaxNodes() {
    return exactMaxNodes;
  }

  /** Down-set budget of the exact search for larger dags (up to 64 nodes). */
  public long exactMaxDownsets() {
    return exactMaxDownsets;
  }

  /** Exhaustive search limit for one building block, in sources. */
  public int blockExactMaxSources() {
    return blockExactMaxSources;
  }

  /**
   * {@link Objective#ELIGIBILITY} (default) or {@link Objective#MEMORY}: a low memory cost among
   * the IC-optimal schedules (the least possible on small dags), with the same E(t).
   */
  public Objective objective() {
    return objective;
  }

  /**
   * Down-sets the exact AREA search may visit on a dag (of any size) without a proven
   * IC-optimal schedule; over it the heuristic answer comes back, {@link Schedule#reason()}
   * says so. 0 turns the search off.
   */
  public long areaMaxDownsets() {
    return areaMaxDownsets;
  }

  /**
   * Units of work (arcs built and scanned; subsets enumerated / 8 on small two-level components) the Sidney decomposition may spend when no schedule is
   * proven; 0 (default): min(2 size^2, 2^20) per weakly connected component (size = its nodes +
   * arcs), plus 16 x (nodes + arcs) + 2^24 on dags of at most 2^18 nodes + arcs. Past it the
   * sets not yet split stay whole and the AREA bound is looser ({@link Schedule#reason()} says so);
   * more buys a tighter bound and often a larger AREA. 1 splits nothing.
   */
  public long sidneyMaxWork() {
    return sidneyMaxWork;
  }

  public ScheduleOptions withExactMaxNodes(int value) {
    return new ScheduleOptions(value, exactMaxDownsets, blockExactMaxSources, objective, areaMaxDownsets,
        sidneyMaxWork, progress);
  }

  public ScheduleOptions withExactMaxDownsets(long value) {
    return new ScheduleOptions(exactMaxNodes, value, blockExactMaxSources, objective, areaMaxDownsets,
        sidneyMaxWork, progress);
  }

  public ScheduleOptions withBlockExactMaxSources(int value) {
    return new ScheduleOptions(exactMaxNodes, exactMaxDownsets, value, objective, areaMaxDownsets,
        sidneyMaxWork, progress);
  }

  public ScheduleOptions withObjective(Objective value) {
    return new ScheduleOptions(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, value, areaMaxDownsets,
        sidneyMaxWork, progress);
  }

  public ScheduleOptions withAreaMaxDownsets(long value) {
    return new ScheduleOptions(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, value,
        sidneyMaxWork, progress);
  }

  public ScheduleOptions withSidneyMaxWork(long value) {
    return new ScheduleOptions(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, areaMaxDownsets,
        value, progress);
  }

  /**
   * Progress reports and cancellation ({@code ics_schedule_options.progress}): the listener is
   * called at the pipeline's stage boundaries; returning false cancels the call, which throws
   * {@link IcsException} with {@link Status#CANCELLED} (what the listener throws is rethrown).
   *
   * @param listener the listener, or null for none
   */
  public ScheduleOptions withProgress(ProgressListener listener) {
    return new ScheduleOptions(exactMaxNodes, exactMaxDownsets, blockExactMaxSources, objective, areaMaxDownsets,
        sidneyMaxWork, listener);
  }

  /** The progress listener, or null. */
  public ProgressListener progress() {
    return progress;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof ScheduleOptions)) {
      return false;
    }
    ScheduleOptions s = (ScheduleOptions) o;
    return exactMaxNodes == s.exactMaxNodes && exactMaxDownsets == s.exactMaxDownsets
        && blockExactMaxSources == s.blockExactMaxSources && objective == s.objective
        && areaMaxDownsets == s.areaMaxDownsets && sidneyMaxWork == s.sidneyMaxWork && progress == s.progress;
  }

  @Override
  public int hashCode() {
    return ((((31 * exactMaxNodes + Long.hashCode(exactMaxDownsets)) * 31 + blockExactMaxSources) * 31
        + objective.hashCode()) * 31 + Long.hashCode(areaMaxDownsets)) * 31 + Long.hashCode(sidneyMaxWork)
        + 31 * System.identityHashCode(progress);
  }

  @Override
  public String toString() {
    return "ScheduleOptions[exactMaxNodes=" + exactMaxNodes + ", exactMaxDownsets=" + exactMaxDownsets
        + ", blockExactMaxSources=" + blockExactMaxSources + ", objective=" + objective
        + ", areaMaxDownsets=" + areaMaxDownsets + ", sidneyMaxWork=" + sidneyMaxWork
        + (progress != null ? ", progress=" + progress : "") + "]";
  }

  private static long nonNegative(long value, String what) {
    if (value < 0) {
      throw new IcsException(Status.INVALID_ARGUMENT, what + " must not be negative (got " + value + ")");
    }
    return value;
  }

  private static int nonNegative(int value, String what) {
    return (int) nonNegative((long) value, what);
  }

  /** Lazy holder: the native library is loaded on first use. */
  private static final class Defaults {
    static final long[] VALUES = Schedule.defaultOptions();
    static final ScheduleOptions OPTIONS =
        new ScheduleOptions((int) VALUES[0], VALUES[1], (int) VALUES[2], Objective.ELIGIBILITY, VALUES[3], VALUES[4]);
  }
}
