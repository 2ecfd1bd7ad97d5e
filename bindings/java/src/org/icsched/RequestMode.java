package org.icsched;

/** What {@link Server#request(int, int)} hands out for k &gt; 1 (ics_server_multi; same values). */
public enum RequestMode {
  /** The k best-ranked eligible tasks. */
  BEST(0),
  /** A self-contained cluster grown by rank: eligible tasks and tasks whose unexecuted parents are all in it. */
  CLUSTER_RANK(1),
  /**
   * A clustering-paper cluster (§3) with {@link ServerOptions#clusterStrategy()} over the tasks no running or
   * failed task precedes; {@link #CLUSTER_RANK} when the strategy does not apply to them.
   */
  CLUSTER(2);

  private final int value;

  RequestMode(int value) {
    this.value = value;
  }

  /** The C API's value. */
  public int value() {
    return value;
  }
}
