package org.icsched;

/**
 * Options of {@link Server#create(Dag, ServerOptions)} and {@link Server#open(Dag, ServerOptions)}
 * ({@code ics_server_options}). The setters return this, so options read as one expression:
 * <pre>{@code
 * ServerOptions o = new ServerOptions().lease(30).retryLimit(2).journal("run.jnl").fsyncEvery(1000);
 * }</pre>
 * Ranking: icsched's schedule (default, with {@link #objective()}), or a caller order
 * ({@link #order(int[])}) or priorities ({@link #priorities(int[])}, higher first).
 */
public final class ServerOptions {
  private int[] order;
  private int[] priorities;
  private Objective objective = Objective.ELIGIBILITY;
  private long lease;
  private int retryLimit = 3;
  private RequestMode requestMode = RequestMode.BEST;
  private ClusterStrategy clusterStrategy = ClusterStrategy.DIRECT;
  private BatchMethod batchMethod = BatchMethod.AUTO;
  private String journal;
  private int fsyncEvery = 1;

  /** Rank by this order (every task once, first = best); null: the schedule. */
  public ServerOptions order(int[] order) {
    this.order = order == null ? null : order.clone();
    this.priorities = null;
    return this;
  }

  /** Rank by these priorities (one per task, higher first, ties by id); null: the schedule. */
  public ServerOptions priorities(int[] priorities) {
    this.priorities = priorities == null ? null : priorities.clone();
    this.order = null;
    return this;
  }

  /** The objective of the schedule ranking and of {@link Server#replan()}. */
  public ServerOptions objective(Objective objective) {
    this.objective = java.util.Objects.requireNonNull(objective, "objective");
    return this;
  }

  /** Lease length in the caller's clock units ({@link Server#tick(long)}); 0 = no leases (default). */
  public ServerOptions lease(long lease) {
    if (lease < 0) {
      throw new IcsException(Status.INVALID_ARGUMENT, "lease must not be negative (got " + lease + ")");
    }
    this.lease = lease;
    return this;
  }

  /** Failures a task may have before it is failed for good (default 3, at most 254). */
  public ServerOptions retryLimit(int retryLimit) {
    this.retryLimit = retryLimit;
    return this;
  }

  /** What a request for k &gt; 1 tasks hands out (default {@link RequestMode#BEST}). */
  public ServerOptions requestMode(RequestMode mode) {
    this.requestMode = java.util.Objects.requireNonNull(mode, "mode");
    return this;
  }

  /** The clustering strategy of {@link RequestMode#CLUSTER} (default DIRECT). */
  public ServerOptions clusterStrategy(ClusterStrategy strategy) {
    this.clusterStrategy = java.util.Objects.requireNonNull(strategy, "strategy");
    return this;
  }

  /** The method of {@link Server#requestBatch(int)} (default AUTO). */
  public ServerOptions batchMethod(BatchMethod method) {
    this.batchMethod = java.util.Objects.requireNonNull(method, "method");
    return this;
  }

  /** The journal file; null = none (default). */
  public ServerOptions journal(String path) {
    this.journal = path;
    return this;
  }

  /** fsync the journal after every record (1, default), every n records, or never (0). */
  public ServerOptions fsyncEvery(int n) {
    if (n < 0) {
      throw new IcsException(Status.INVALID_ARGUMENT, "fsyncEvery must not be negative (got " + n + ")");
    }
    this.fsyncEvery = n;
    return this;
  }

  public int[] order() {
    return order == null ? null : order.clone();
  }

  public int[] priorities() {
    return priorities == null ? null : priorities.clone();
  }

  public Objective objective() {
    return objective;
  }

  public long lease() {
    return lease;
  }

  public int retryLimit() {
    return retryLimit;
  }

  public RequestMode requestMode() {
    return requestMode;
  }

  public ClusterStrategy clusterStrategy() {
    return clusterStrategy;
  }

  public BatchMethod batchMethod() {
    return batchMethod;
  }

  public String journal() {
    return journal;
  }

  public int fsyncEvery() {
    return fsyncEvery;
  }
}
