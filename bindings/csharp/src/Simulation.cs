namespace IcSched {

using System;
using System.Collections.Generic;

/// <summary>
/// Does IC scheduling make a run faster? An event-driven simulation of the IC server handing a
/// dag's tasks to workers that arrive, leave, differ in speed and fail, by the ranking of a policy
/// (README "Does it help?"). Runs with the same seed are paired across policies and give the same
/// numbers on every machine. A plain value: nothing to dispose.
/// </summary>
public sealed class Simulation {
  /// <summary>The rankings the server hands eligible tasks out by (values of ics_sim_policy).</summary>
  public enum Policy {
    /// <summary>icsched's schedule, objective eligibility.</summary>
    Icsched,
    /// <summary>icsched's schedule, objective memory.</summary>
    IcschedMemory,
    Fifo,
    Lifo,
    Level,
    /// <summary>A random order, drawn per run.</summary>
    Random,
    Postorder,
    /// <summary>HEFT's upward rank: the critical path first.</summary>
    UpwardRank,
    /// <summary>Depth-first, the child with the most work below first (the shape of dask.order).</summary>
    DaskLike,
    /// <summary>Most newly eligible first.</summary>
    Greedy
  }

  /// <summary>Task durations (ics_sim_durations); Given is implied by Run(dag, durations, options).</summary>
  public enum Durations { Unit, Given, Exponential }

  /// <summary>Worker speeds (ics_sim_speeds).</summary>
  public enum Speeds { Fixed, Heterogeneous, PerTask }

  /// <summary>When workers are present (ics_sim_availability).</summary>
  public enum Availability { Always, Churn, Volunteer }

  /// <summary>The metrics summarized over runs (ics_sim_metric).</summary>
  public enum Metric { Makespan, Idle, Gridlock, MemoryPeak, MemoryMean }

  /// <summary>What to simulate; the defaults of ICS_SIMULATE_OPTIONS_INIT.</summary>
  public sealed class Options {
    public int Workers = 4;
    public Policy Ranking = Policy.Icsched;
    public long Seed = 1;
    public int Runs = 1;
    public Durations DurationModel = Durations.Unit;
    public Speeds SpeedModel = Speeds.Fixed;
    /// <summary>Speeds are log-uniform in [1/Spread, Spread] (>= 1).</summary>
    public double Spread = 4.0;
    public Availability Presence = Availability.Always;
    /// <summary>Churn: mean lengths of up and down periods.</summary>
    public double MeanUp = 50.0, MeanDown = 10.0;
    /// <summary>Volunteer: up Duty * Period of every Period.</summary>
    public double Period = 100.0, Duty = 0.5;
    /// <summary>Workers waiting at the same instant ask together, up to Batch (0 or 1: alone).</summary>
    public int Batch = 0;
    public double FailureProbability = 0.0;
    public int RetryLimit = 3;
  }

  /// <summary>One simulated run.</summary>
  public sealed class Run {
    /// <summary>Time of the last completion.</summary>
    public double Makespan { get; internal set; }
    /// <summary>Worker time present and waiting with nothing eligible, up to the makespan.</summary>
    public double Idle { get; internal set; }
    /// <summary>Completions after which nothing was eligible while a worker waited.</summary>
    public long Gridlock { get; internal set; }
    /// <summary>Most results held at once (executed tasks with an unexecuted child).</summary>
    public int MemoryPeak { get; internal set; }
    /// <summary>Results held, averaged over time.</summary>
    public double MemoryMean { get; internal set; }
    public int Executed { get; internal set; }
    /// <summary>Tasks given up after the retry limit.</summary>
    public int Failed { get; internal set; }
    /// <summary>Every task executed.</summary>
    public bool Complete { get; internal set; }
    /// <summary>Cut after the event budget: some task kept being interrupted by departures.</summary>
    public bool Stalled { get; internal set; }
    internal int[] profile;
    /// <summary>E(t) after t completions, as the server played it (a copy).</summary>
    public int[] Profile() { return (int[]) profile.Clone(); }
  }

  private readonly IList<Run> runs;
  private readonly double[] summary;

  private Simulation(IList<Run> runs, double[] summary) {
    this.runs = runs;
    this.summary = summary;
  }

  /// <summary>The runs, in seed order.</summary>
  public IList<Run> Runs { get { return runs; } }

  /// <summary>Simulates with unit or drawn durations (options.DurationModel).</summary>
  public static Simulation Simulate(Dag dag, Options options) {
    return Simulate(dag, null, options);
  }

  /// <summary>
  /// Simulates with one duration per task (e.g. ReadDurations); null = the options' model.
  /// IcsException(InvalidArgument) names a bad option or a wrong number of durations.
  /// </summary>
  public static Simulation Simulate(Dag dag, double[] durations, Options options) {
    Check(dag, "dag");
    Check(options, "options");
    long[] bits = ToBits(durations);
    Options o = options;
    long[] v = SimulateNative.Run(dag, bits, o.Workers, (int) o.Ranking, o.Seed, o.Runs, (int) o.DurationModel,
        (int) o.SpeedModel, o.Spread, (int) o.Presence, o.MeanUp, o.MeanDown, o.Period, o.Duty, o.Batch,
        o.FailureProbability, o.RetryLimit);
    int count = (int) v[0];
    var summary = new double[10];
    int p = 1;
    for (int k = 0; k < 10; ++k) {
      summary[k] = BitConverter.Int64BitsToDouble(v[p++]);
    }
    var list = new List<Run>(count);
    for (int i = 0; i < count; ++i) {
      var r = new Run {
        Makespan = BitConverter.Int64BitsToDouble(v[p]),
        Idle = BitConverter.Int64BitsToDouble(v[p + 1]),
        Gridlock = v[p + 2],
        MemoryPeak = (int) v[p + 3],
        MemoryMean = BitConverter.Int64BitsToDouble(v[p + 4]),
        Executed = (int) v[p + 5],
        Failed = (int) v[p + 6],
        Complete = v[p + 7] != 0,
        Stalled = v[p + 8] != 0,
      };
      int len = (int) v[p + 9];
      p += 10;
      r.profile = new int[len];
      for (int t = 0; t < len; ++t) {
        r.profile[t] = (int) v[p++];
      }
      list.Add(r);
    }
    return new Simulation(list.AsReadOnly(), summary);
  }

  /// <summary>
  /// The task durations a workflow file records (WfFormat/WorkflowHub runtimes, DAX job runtimes,
  /// STG processing times), by node id; dag must have been read from the same file.
  /// IcsException(Unsupported) when the format records none.
  /// </summary>
  public static double[] ReadDurations(Dag dag, string path) {
    Check(dag, "dag");
    Check(path, "path");
    long[] bits = SimulateNative.Durations(dag, path);
    var d = new double[bits.Length];
    for (int i = 0; i < d.Length; ++i) {
      d[i] = BitConverter.Int64BitsToDouble(bits[i]);
    }
    return d;
  }

  /// <summary>The ranking a policy hands to the server (first = best); durations may be null (unit).</summary>
  public static int[] Ranking(Dag dag, Policy policy, double[] durations, long seed) {
    Check(dag, "dag");
    return SimulateNative.Ranking(dag, ToBits(durations), (int) policy, seed);
  }

  /// <summary>{mean, half-width of the 95% confidence interval} of a metric over the runs.</summary>
  public double[] Summary(Metric metric) {
    int m = (int) metric;
    if (m < 0 || m > 4) {
      throw new ArgumentOutOfRangeException("metric");
    }
    return new[] {summary[2 * m], summary[2 * m + 1]};
  }

  /// <summary>Runs where this simulation finished sooner / as soon / later than other's run with the same seed.</summary>
  public int[] WinsTiesLosses(Simulation other) {
    Check(other, "other");
    int n = Math.Min(runs.Count, other.runs.Count);
    var r = new int[3];
    for (int i = 0; i < n; ++i) {
      double a = runs[i].Makespan, b = other.runs[i].Makespan;
      double tol = 1e-9 * (Math.Abs(a) + Math.Abs(b));
      r[a < b - tol ? 0 : a > b + tol ? 2 : 1]++;
    }
    return r;
  }

  private static long[] ToBits(double[] d) {
    var bits = new long[d == null ? 0 : d.Length];
    for (int i = 0; i < bits.Length; ++i) {
      bits[i] = BitConverter.DoubleToInt64Bits(d[i]);
    }
    return bits;
  }

  private static void Check(object value, string name) {
    if (value == null) {
      throw new ArgumentNullException(name);
    }
  }
}

}
