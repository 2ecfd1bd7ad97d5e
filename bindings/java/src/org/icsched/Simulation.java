package org.icsched;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * Does IC scheduling make a run faster? An event-driven simulation of the IC server handing a
 * dag's tasks to workers that arrive, leave, differ in speed and fail, by the ranking of a policy
 * (README "Does it help?"). Runs with the same seed are paired across policies and give the same
 * numbers on every machine. A plain value: nothing to close.
 *
 * <pre>{@code
 * Simulation s = Simulation.run(dag, new Simulation.Options().workers(8).runs(20)
 *     .policy(Simulation.Policy.ICSCHED).speeds(Simulation.Speeds.HETEROGENEOUS));
 * double[] makespan = s.summary(Simulation.Metric.MAKESPAN); // {mean, ci95}
 * }</pre>
 */
public final class Simulation {
  /** The rankings the server hands eligible tasks out by (values of ics_sim_policy). */
  public enum Policy {
    /** icsched's schedule, objective eligibility. */
    ICSCHED,
    /** icsched's schedule, objective memory. */
    ICSCHED_MEMORY,
    FIFO,
    LIFO,
    LEVEL,
    /** A random order, drawn per run. */
    RANDOM,
    POSTORDER,
    /** HEFT's upward rank: the critical path first. */
    UPWARD_RANK,
    /** Depth-first, the child with the most work below first (the shape of dask.order). */
    DASK_LIKE,
    /** Most newly eligible first. */
    GREEDY
  }

  /** Task durations (ics_sim_durations). GIVEN is implied by {@link #run(Dag, double[], Options)}. */
  public enum Durations { UNIT, GIVEN, EXPONENTIAL }

  /** Worker speeds (ics_sim_speeds). */
  public enum Speeds { FIXED, HETEROGENEOUS, PER_TASK }

  /** When workers are present (ics_sim_availability). */
  public enum Availability { ALWAYS, CHURN, VOLUNTEER }

  /** The metrics summarized over runs (ics_sim_metric). */
  public enum Metric { MAKESPAN, IDLE, GRIDLOCK, MEMORY_PEAK, MEMORY_MEAN }

  /** What to simulate; the defaults of ICS_SIMULATE_OPTIONS_INIT. Setters return this. */
  public static final class Options {
    int workers = 4;
    Policy policy = Policy.ICSCHED;
    long seed = 1;
    int runs = 1;
    Durations durations = Durations.UNIT;
    Speeds speeds = Speeds.FIXED;
    double spread = 4.0;
    Availability availability = Availability.ALWAYS;
    double meanUp = 50.0;
    double meanDown = 10.0;
    double period = 100.0;
    double duty = 0.5;
    int batch = 0;
    double failureProbability = 0.0;
    int retryLimit = 3;

    public Options workers(int w) { workers = w; return this; }
    public Options policy(Policy p) { policy = Objects.requireNonNull(p, "policy"); return this; }
    public Options seed(long s) { seed = s; return this; }
    public Options runs(int r) { runs = r; return this; }
    public Options durations(Durations d) { durations = Objects.requireNonNull(d, "durations"); return this; }
    public Options speeds(Speeds s) { speeds = Objects.requireNonNull(s, "speeds"); return this; }
    /** Speeds are log-uniform in [1/spread, spread] (>= 1). */
    public Options spread(double x) { spread = x; return this; }
    public Options availability(Availability a) {
      availability = Objects.requireNonNull(a, "availability");
      return this;
    }
    /** CHURN: mean lengths of up and down periods. */
    public Options churn(double up, double down) { meanUp = up; meanDown = down; return this; }
    /** VOLUNTEER: up duty * period of every period. */
    public Options volunteer(double periodLength, double dutyShare) {
      period = periodLength;
      duty = dutyShare;
      return this;
    }
    /** Workers waiting at the same instant ask together, up to r (0 or 1: alone). */
    public Options batch(int r) { batch = r; return this; }
    public Options failures(double probability, int retries) {
      failureProbability = probability;
      retryLimit = retries;
      return this;
    }
  }

  /** One simulated run. */
  public static final class Run {
    private final double makespan;
    private final double idle;
    private final long gridlock;
    private final int memoryPeak;
    private final double memoryMean;
    private final int executed;
    private final int failed;
    private final boolean complete;
    private final boolean stalled;
    private final int[] profile;

    Run(double makespan, double idle, long gridlock, int memoryPeak, double memoryMean, int executed, int failed,
        boolean complete, boolean stalled, int[] profile) {
      this.makespan = makespan;
      this.idle = idle;
      this.gridlock = gridlock;
      this.memoryPeak = memoryPeak;
      this.memoryMean = memoryMean;
      this.executed = executed;
      this.failed = failed;
      this.complete = complete;
      this.stalled = stalled;
      this.profile = profile;
    }

    /** Time of the last completion. */
    public double makespan() { return makespan; }
    /** Worker time present and waiting with nothing eligible, up to the makespan. */
    public double idle() { return idle; }
    /** Completions after which nothing was eligible while a worker waited. */
    public long gridlock() { return gridlock; }
    /** Most results held at once (executed tasks with an unexecuted child). */
    public int memoryPeak() { return memoryPeak; }
    /** Results held, averaged over time. */
    public double memoryMean() { return memoryMean; }
    public int executed() { return executed; }
    /** Tasks given up after the retry limit. */
    public int failed() { return failed; }
    /** Every task executed. */
    public boolean complete() { return complete; }
    /** Cut after the event budget: some task kept being interrupted by departures. */
    public boolean stalled() { return stalled; }
    /** E(t) after t completions, as the server played it. */
    public int[] profile() { return profile.clone(); }
  }

  private final List<Run> runs;
  private final double[] summary; // mean, ci95 per metric

  private Simulation(List<Run> runs, double[] summary) {
    this.runs = runs;
    this.summary = summary;
  }

  /** Simulates with unit or drawn durations (options.durations). */
  public static Simulation run(Dag dag, Options options) {
    return run(dag, null, options);
  }

  /**
   * Simulates with one duration per task (e.g. {@link #durations(Dag, String)}); null = the
   * options' model.
   *
   * @throws IcsException INVALID_ARGUMENT naming a bad option or a wrong number of durations
   */
  public static Simulation run(Dag dag, double[] durations, Options options) {
    Objects.requireNonNull(dag, "dag");
    Objects.requireNonNull(options, "options");
    long[] bits = toBits(durations);
    Options o = options;
    long[] v = SimulateNative.run(dag, bits, o.workers, o.policy.ordinal(), o.seed, o.runs, o.durations.ordinal(),
        o.speeds.ordinal(), o.spread, o.availability.ordinal(), o.meanUp, o.meanDown, o.period, o.duty, o.batch,
        o.failureProbability, o.retryLimit);
    int count = (int) v[0];
    double[] summary = new double[10];
    int p = 1;
    for (int k = 0; k < 10; ++k) {
      summary[k] = Double.longBitsToDouble(v[p++]);
    }
    List<Run> runs = new ArrayList<>(count);
    for (int i = 0; i < count; ++i) {
      double makespan = Double.longBitsToDouble(v[p]);
      double idle = Double.longBitsToDouble(v[p + 1]);
      long gridlock = v[p + 2];
      int peak = (int) v[p + 3];
      double mean = Double.longBitsToDouble(v[p + 4]);
      int executed = (int) v[p + 5];
      int failed = (int) v[p + 6];
      boolean complete = v[p + 7] != 0;
      boolean stalled = v[p + 8] != 0;
      int len = (int) v[p + 9];
      p += 10;
      int[] profile = new int[len];
      for (int t = 0; t < len; ++t) {
        profile[t] = (int) v[p++];
      }
      runs.add(new Run(makespan, idle, gridlock, peak, mean, executed, failed, complete, stalled, profile));
    }
    return new Simulation(Collections.unmodifiableList(runs), summary);
  }

  /**
   * The task durations a workflow file records (WfFormat/WorkflowHub runtimes, DAX job runtimes,
   * STG processing times), by node id; dag must have been read from the same file.
   *
   * @throws IcsException UNSUPPORTED when the format records none, PARSE naming a task without one
   */
  public static double[] durations(Dag dag, String path) {
    Objects.requireNonNull(dag, "dag");
    Objects.requireNonNull(path, "path");
    long[] bits = SimulateNative.durations(dag, path);
    double[] d = new double[bits.length];
    for (int i = 0; i < d.length; ++i) {
      d[i] = Double.longBitsToDouble(bits[i]);
    }
    return d;
  }

  /** The ranking a policy hands to the server (first = best); durations may be null (unit). */
  public static int[] ranking(Dag dag, Policy policy, double[] durations, long seed) {
    Objects.requireNonNull(dag, "dag");
    Objects.requireNonNull(policy, "policy");
    long[] bits = toBits(durations);
    return SimulateNative.ranking(dag, bits, policy.ordinal(), seed);
  }

  /** Durations as their IEEE-754 bits, the binding's wire format (null: none). */
  private static long[] toBits(double[] durations) {
    long[] bits = new long[durations == null ? 0 : durations.length];
    for (int i = 0; i < bits.length; ++i) {
      bits[i] = Double.doubleToRawLongBits(durations[i]);
    }
    return bits;
  }

  /** The runs, in seed order. */
  public List<Run> runs() {
    return runs;
  }

  /** {mean, half-width of the 95% confidence interval} of a metric over the runs. */
  public double[] summary(Metric metric) {
    Objects.requireNonNull(metric, "metric");
    return new double[] {summary[2 * metric.ordinal()], summary[2 * metric.ordinal() + 1]};
  }

  /** Runs where this simulation finished sooner / as soon / later than other's run with the same seed. */
  public int[] winsTiesLosses(Simulation other) {
    Objects.requireNonNull(other, "other");
    int n = Math.min(runs.size(), other.runs.size());
    int[] r = new int[3];
    for (int i = 0; i < n; ++i) {
      double a = runs.get(i).makespan;
      double b = other.runs.get(i).makespan;
      double tol = 1e-9 * (Math.abs(a) + Math.abs(b));
      r[a < b - tol ? 0 : a > b + tol ? 2 : 1]++;
    }
    return r;
  }
}
