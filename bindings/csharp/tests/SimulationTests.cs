using System;
using System.IO;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Simulation against hand-computed cases: one worker, enough workers, the ranking's E(t), seeds.</summary>
[TestFixture]
public class SimulationTests {
  private static int LongestPath(Dag dag) {
    var depth = new int[dag.NodeCount];
    int best = 0;
    foreach (int v in dag.TopologicalOrder()) {
      int d = 0;
      foreach (int p in dag.Parents(v)) d = Math.Max(d, depth[p]);
      depth[v] = d + 1;
      best = Math.Max(best, depth[v]);
    }
    return best;
  }

  [Test]
  public void OneWorkerAndEnoughWorkers() {
    for (long seed = 1; seed <= 4; ++seed) {
      using (var dag = Dag.RandomLayered(4, 5, 0.4, seed)) {
        int n = dag.NodeCount;
        foreach (Simulation.Policy p in Enum.GetValues(typeof(Simulation.Policy))) {
          var one = Simulation.Simulate(dag, new Simulation.Options { Workers = 1, Ranking = p });
          Assert.AreEqual((double) n, one.Runs[0].Makespan);
          Assert.AreEqual(0.0, one.Runs[0].Idle);
          var all = Simulation.Simulate(dag, new Simulation.Options { Workers = n, Ranking = p });
          Assert.AreEqual((double) LongestPath(dag), all.Runs[0].Makespan);
          if (p != Simulation.Policy.Random) {
            int[] order = Simulation.Ranking(dag, p, null, 0);
            CollectionAssert.AreEqual(BruteForce.Eligible(dag, order), one.Runs[0].Profile(), p.ToString());
          }
        }
        var d = Enumerable.Range(0, n).Select(v => 1.0 + (v * 3 + seed) % 5).ToArray();
        var given = Simulation.Simulate(dag, d, new Simulation.Options { Workers = 1 });
        Assert.AreEqual(d.Sum(), given.Runs[0].Makespan, 1e-9 * d.Sum());
      }
    }
  }

  [Test]
  public void SeedsAndSummaries() {
    using (var dag = Dag.Fft(3)) {
      var o = new Simulation.Options {
        Workers = 3, Runs = 6, Seed = 9, DurationModel = Simulation.Durations.Exponential,
        SpeedModel = Simulation.Speeds.Heterogeneous, Presence = Simulation.Availability.Churn,
        MeanUp = 5, MeanDown = 2, FailureProbability = 0.1, RetryLimit = 254
      };
      var a = Simulation.Simulate(dag, o);
      var b = Simulation.Simulate(dag, o);
      Assert.AreEqual(6, a.Runs.Count);
      for (int i = 0; i < 6; ++i) {
        Assert.AreEqual(a.Runs[i].Makespan, b.Runs[i].Makespan);
        Assert.IsTrue(a.Runs[i].Complete);
      }
      double mean = a.Runs.Average(r => r.Makespan);
      Assert.AreEqual(mean, a.Summary(Simulation.Metric.Makespan)[0], 1e-9 * mean);
      CollectionAssert.AreEqual(new[] {0, 6, 0}, a.WinsTiesLosses(b));
      o.Seed = 10;
      Assert.AreNotEqual(a.Runs[0].Makespan, Simulation.Simulate(dag, o).Runs[0].Makespan);
    }
  }

  [Test]
  public void DurationsFromAFileAndErrors() {
    string stg = Path.GetTempFileName() + ".stg";
    File.WriteAllText(stg, "2\n0 0 0\n1 5 1 0\n2 7 1 0\n3 0 2 1 2\n");
    try {
      using (var dag = Dag.Read(stg)) {
        double[] d = Simulation.ReadDurations(dag, stg);
        Assert.AreEqual(dag.NodeCount, d.Length);
        Assert.AreEqual(7.0, d[dag.NodeId("2")]);
        Assert.AreEqual(12.0, Simulation.Simulate(dag, d, new Simulation.Options { Workers = 1 }).Runs[0].Makespan);
        Assert.AreEqual(7.0, Simulation.Simulate(dag, d, new Simulation.Options { Workers = 2 }).Runs[0].Makespan);
        var e = Assert.Throws<IcsException>(() => Simulation.Simulate(dag, new double[] {1, 2}, new Simulation.Options()));
        Assert.AreEqual(Status.InvalidArgument, e.Code);
        e = Assert.Throws<IcsException>(() => Simulation.Simulate(dag, new Simulation.Options { Workers = 0 }));
        Assert.AreEqual(Status.InvalidArgument, e.Code);
      }
    } finally {
      File.Delete(stg);
    }
    Assert.Throws<ArgumentNullException>(() => Simulation.Simulate(null, new Simulation.Options()));
    var closed = Dag.Fft(2);
    closed.Dispose();
    Assert.Throws<ObjectDisposedException>(() => Simulation.Simulate(closed, new Simulation.Options()));
  }
}

}
