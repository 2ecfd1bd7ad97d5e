package org.icsched;

/**
 * Progress reports of {@link Dag#schedule(ScheduleOptions)} and {@link Workspace#schedule(Dag, ScheduleOptions)}
 * ({@code ics_schedule_options.progress}), set with {@link ScheduleOptions#withProgress(ProgressListener)}:
 * <pre>{@code
 * ScheduleOptions o = ScheduleOptions.defaults().withProgress((stage, done, total) -> {
 *   System.err.println(stage + (total > 0 ? " " + done + "/" + total : ""));
 *   return !cancelled.get();   // false cancels: IcsException CANCELLED
 * });
 * }</pre>
 * Called on the scheduling thread at the pipeline's stage boundaries only (a few dozen times per dag).
 * An exception thrown here cancels the call, which then rethrows it.
 */
@FunctionalInterface
public interface ProgressListener {
  /**
   * @param stage the stage the pipeline enters ("certificate", "decomposition", "linearization",
   *     "AREA fallback: Sidney decomposition", ...: for people, may change between releases)
   * @param done  for stages with a natural count (blocks, candidate orders): how many are done, else 0
   * @param total that count, else 0
   * @return true to go on, false to cancel ({@link IcsException} with {@link Status#CANCELLED})
   */
  boolean onProgress(String stage, long done, long total);
}
