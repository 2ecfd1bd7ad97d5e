using System;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Dag.Schedule(): IC-optimal schedules of the papers' families, checked by brute force.</summary>
[TestFixture]
public class ScheduleTests {
  /// <summary>Status, order, E(t) and certificate of an IC-optimal schedule, all checked independently.</summary>
  private static void AssertIcOptimal(Dag dag) {
    using (var s = dag.Schedule()) {
      Assert.AreEqual(ScheduleStatus.IcOptimal, s.Status, s.Reason);
      Assert.IsTrue(s.IsIcOptimal);
      Assert.AreEqual("", s.Reason);
      Assert.AreNotEqual(ScheduleMethod.Greedy, s.Method);
      int[] order = s.Order();
      Diamond.AssertValidOrder(dag, order);
      int[] e = s.Eligible();
      CollectionAssert.AreEqual(BruteForce.Eligible(dag, order), e, "E(t) recomputed from the order");
      int[] max = BruteForce.MaxEligible(dag);
      CollectionAssert.AreEqual(max, e, "E(t) is the per-step maximum over all schedules");
      int[] m = s.MaxEligible();
      if (m.Length > 0) {
        CollectionAssert.AreEqual(max, m);
      }
      Assert.AreEqual(BruteForce.Sum(e), s.Area);
      using (var p = dag.Evaluate(order)) {
        Assert.AreEqual(p.Memory, s.Memory);
      }
      AssertCertificate(dag, s);
    }
  }

  /// <summary>Blocks are bipartite pieces; the linearization uses every block once.</summary>
  private static void AssertCertificate(Dag dag, Schedule s) {
    var blocks = s.Blocks();
    var again = s.Blocks();
    Assert.IsNotEmpty(blocks.ToList());
    for (int i = 0; i < blocks.Count; ++i) {
      Block b = blocks[i];
      Assert.AreEqual(i, b.Index);
      Assert.IsNotEmpty(b.Shape);
      Assert.IsNotEmpty(b.Kind);
      Assert.IsTrue(b.IsProven, b.ToString());
      Assert.AreEqual(b.Sources().Length + 1, b.Profile().Length, b.ToString());
      foreach (int v in b.Sources()) {
        Assert.Greater(dag.OutDegree(v), 0, "a block source is a nonsink");
      }
      foreach (int v in b.Sinks()) {
        Assert.Greater(dag.InDegree(v), 0, "a block sink is a nonsource");
      }
      Assert.AreEqual(b, again[i], "value equality");
      Assert.AreEqual(b.GetHashCode(), again[i].GetHashCode());
    }
    int[][] groups = s.Linearization();
    var seen = new int[blocks.Count];
    foreach (int[] g in groups) {
      Assert.IsNotEmpty(g);
      foreach (int b in g) {
        ++seen[b];
      }
    }
    foreach (int count in seen) {
      Assert.AreEqual(1, count, "every block in exactly one group");
    }
  }

  [Test]
  public void Fft3() {
    using (var dag = Dag.Fft(3)) {
      AssertIcOptimal(dag);
    }
  }

  [Test]
  public void ReductionMesh6() {
    using (var dag = Dag.ReductionMesh(6)) {
      AssertIcOptimal(dag);
    }
  }

  [Test]
  public void ReductionTree4() {
    using (var dag = Dag.ReductionTree(4)) {
      AssertIcOptimal(dag);
    }
  }

  [Test]
  public void OutMesh5() {
    using (var dag = Dag.OutMesh(5)) {
      AssertIcOptimal(dag);
    }
  }

  [Test]
  public void DiamondAndW() {
    using (var dag = Diamond.Build()) {
      AssertIcOptimal(dag);
    }
    using (var dag = Dag.W(3, 2)) {
      AssertIcOptimal(dag);
    }
  }

  [Test]
  public void NoIcoScheduleIsAreaOptimalWithAReason() {
    using (var dag = BruteForce.NoIco())
    using (var s = dag.Schedule()) {
      Assert.AreEqual(ScheduleStatus.AreaOptimal, s.Status);
      Assert.AreEqual(ScheduleMethod.Exact, s.Method);
      Assert.AreEqual(BruteForce.MaxArea(dag), s.Area);
      Assert.AreEqual(s.Area, s.AreaBound);
      Assert.AreEqual(0.0, s.AreaGap);
      Assert.IsFalse(s.IsIcOptimal);
      Assert.IsNotEmpty(s.Reason);
      int[] order = s.Order();
      Diamond.AssertValidOrder(dag, order);
      CollectionAssert.AreEqual(BruteForce.Eligible(dag, order), s.Eligible());
      // 6 nodes: the exact search ran and reports M(t), which no order reaches at every step.
      int[] max = BruteForce.MaxEligible(dag);
      CollectionAssert.AreEqual(max, s.MaxEligible());
      CollectionAssert.AreNotEqual(max, s.Eligible());
    }
  }

  [Test]
  public void OptionsDefaultsComeFromTheLibrary() {
    var d = new ScheduleOptions();
    Assert.AreEqual(20, d.ExactMaxNodes);
    Assert.AreEqual(1L << 20, d.ExactMaxDownsets);
    Assert.AreEqual(24, d.BlockExactMaxSources);
    var o = new ScheduleOptions { ExactMaxNodes = 0, ExactMaxDownsets = 0, BlockExactMaxSources = 8 };
    Assert.AreEqual(0, o.ExactMaxNodes);
    Assert.AreEqual(8, o.BlockExactMaxSources);
    StringAssert.Contains("ExactMaxNodes=0", o.ToString());
    Assert.AreEqual(1L << 21, d.AreaMaxDownsets);
  }

  [Test]
  public void TheExactAreaSearchHasItsOwnBudget() {
    using (var dag = BruteForce.NoIco()) {
      using (var s = dag.Schedule(new ScheduleOptions { ExactMaxNodes = 0, ExactMaxDownsets = 0 })) {
        Assert.AreEqual(ScheduleStatus.AreaOptimal, s.Status);
        Assert.AreEqual(BruteForce.MaxArea(dag), s.Area);
      }
      var small = new ScheduleOptions { ExactMaxNodes = 0, ExactMaxDownsets = 0, AreaMaxDownsets = 3 };
      using (var s = dag.Schedule(small)) {  // over the budget, but series-parallel
        Assert.AreEqual(ScheduleStatus.AreaOptimal, s.Status);
        Assert.AreEqual(ScheduleMethod.SeriesParallel, s.Method);
        Assert.AreEqual(BruteForce.MaxArea(dag), s.Area);
        StringAssert.Contains("budget 3 down-sets", s.Reason);
      }
    }
  }

  [Test]
  public void TheSidneyDecompositionHasAWorkBudget() {
    var d = new ScheduleOptions();
    Assert.AreEqual(0L, d.SidneyMaxWork, "0: the default from the dag's size");
    StringAssert.Contains("SidneyMaxWork=5", new ScheduleOptions { SidneyMaxWork = 5 }.ToString());
    Assert.Throws<IcsException>(() => new ScheduleOptions { SidneyMaxWork = -1 });
    using (var dag = Dag.RandomEr(2000, 0.004, 7))
    using (var small = dag.Schedule(new ScheduleOptions { AreaMaxDownsets = 0, SidneyMaxWork = 1 }))
    using (var large = dag.Schedule(new ScheduleOptions { AreaMaxDownsets = 0, SidneyMaxWork = 1L << 40 })) {
      StringAssert.Contains("reached its work budget", small.Reason);
      StringAssert.Contains("--sidney-max-work", small.Reason);
      StringAssert.DoesNotContain("work budget", large.Reason);
      Assert.Less(large.AreaBound, small.AreaBound, "a finished decomposition bounds tighter");
    }
  }

  [Test]
  public void OptionsTurnTheExactSearchOff() {
    var noExact = new ScheduleOptions { ExactMaxNodes = 0, ExactMaxDownsets = 0, AreaMaxDownsets = 0 };
    using (var dag = BruteForce.NoIco())
    using (var s = dag.Schedule(noExact)) {
      Assert.AreEqual(ScheduleStatus.Heuristic, s.Status);
      Assert.IsTrue(s.AreaBound >= BruteForce.MaxArea(dag) && s.Area <= BruteForce.MaxArea(dag));
      Assert.AreEqual((double) (s.AreaBound - s.Area) / s.AreaBound, s.AreaGap, 1e-12);
      StringAssert.Contains("best AREA: ", s.Reason);
      Assert.AreEqual(0, s.MaxEligible().Length, "no exact search: no M(t)");
      Diamond.AssertValidOrder(dag, s.Order());
    }
    using (var dag = Dag.Fft(2))
    using (var s = dag.Schedule(noExact)) {
      Assert.IsTrue(s.IsIcOptimal, "the decomposition needs no exact search");
      Assert.AreEqual(0, s.MaxEligible().Length);
    }
  }

  [Test]
  public void BadOptions() {
    var e = Assert.Throws<IcsException>(() => new ScheduleOptions { ExactMaxNodes = -1 });
    Assert.AreEqual(Status.InvalidArgument, e.Code);
    Assert.Throws<IcsException>(() => new ScheduleOptions { ExactMaxDownsets = -5 });
    Assert.Throws<IcsException>(() => new ScheduleOptions { AreaMaxDownsets = -1 });
    using (var dag = Dag.Fft(2)) {
      e = Assert.Throws<IcsException>(() => dag.Schedule(new ScheduleOptions { BlockExactMaxSources = 31 }).Dispose());
      Assert.AreEqual(Status.InvalidArgument, e.Code);
      Assert.AreEqual("options", Assert.Throws<ArgumentNullException>(() => dag.Schedule(null)).ParamName);
    }
  }

  [Test]
  public void ScheduleOutlivesItsDag() {
    Schedule s;
    int n;
    using (var dag = Dag.ReductionTree(3)) {
      s = dag.Schedule();
      n = dag.NodeCount;
    }
    using (s) {
      Assert.AreEqual(n, s.Order().Length);
      Assert.AreEqual(n + 1, s.Eligible().Length);
      Assert.IsTrue(s.IsIcOptimal);
    }
  }

  [Test]
  public void ForcedJoinIsProvenAndCounted() {
    using (var dag = BruteForce.FromArcs("a1->j", "a2->j", "a3->j", "j->c1", "j->c2", "j->c3"))
    using (var s = dag.Schedule()) {
      Assert.IsTrue(s.IsIcOptimal);
      Assert.AreEqual(1, s.ForcedJoins);
      CollectionAssert.AreEqual(BruteForce.MaxEligible(dag), BruteForce.Eligible(dag, s.Order()));
    }
    using (var dag = Dag.OutMesh(4))
    using (var s = dag.Schedule()) {
      Assert.AreEqual(0, s.ForcedJoins);
    }
  }

  /// <summary>A random dag proven no composition by arcs that are no shortcut: its shortcuts are not looked for.</summary>
  [Test]
  public void RandomDagSkipsShortcutRemoval() {
    using (var dag = Dag.RandomEr(6000, 8.0 / 6000, 3))
    using (var s = dag.Schedule()) {
      Assert.IsFalse(s.IsIcOptimal);
      Assert.AreEqual(0L, s.ShortcutsRemoved);
      Assert.AreEqual(0, s.Blocks().Count);
      StringAssert.Contains("the shortcuts were not removed", s.Reason);
      Assert.AreEqual(6000, s.Order().Length);
    }
  }

  [Test]
  public void ShortcutsAreRemovedFirst() {
    using (var dag = BruteForce.FromArcs("a->b", "b->c", "a->c"))
    using (var s = dag.Schedule()) {
      Assert.AreEqual(1L, s.ShortcutsRemoved);
      Assert.IsTrue(s.IsIcOptimal);
      CollectionAssert.AreEqual(new[] {0, 1, 2}, s.Order());
    }
  }

  [Test]
  public void BlocksMatchTheSuperdag() {
    using (var dag = Dag.Fft(2))
    using (var s = dag.Schedule())
    using (var sup = dag.Superdag()) {
      Assert.AreEqual(sup.NodeCount, s.Blocks().Count);
      foreach (Block b in s.Blocks()) {
        Assert.AreEqual("B" + b.Index, sup.NodeName(b.Index));
      }
    }
  }
}

}
