using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Task clustering (clustering.txt §3): Fig. 6, residuals against brute force, sequences, checks, errors.</summary>
[TestFixture]
public class ClusterTests {
  private static readonly ClusterStrategy[] Extracting = {
    ClusterStrategy.Direct, ClusterStrategy.Staggered, ClusterStrategy.Donor, ClusterStrategy.MinCut
  };

  /// <summary>Self-contained from the running state, cut arcs recounted, residual proven by brute force.</summary>
  private static void ExpectSound(Dag dag, int[] executed, Cluster c) {
    var done = new HashSet<int>(executed);
    var f = new HashSet<int>();
    foreach (int v in c.Tasks()) {
      foreach (int p in dag.Parents(v)) Assert.IsTrue(done.Contains(p) || f.Contains(p), dag.NodeName(v));
      f.Add(v);
    }
    long cut = f.Sum(v => (long) dag.Children(v).Count(w => !f.Contains(w)));
    Assert.AreEqual(cut, c.CutArcCount);
    Assert.AreEqual(cut, c.CutArcs().Length);
    using (Dag residual = c.ResidualDag()) {
      Assert.AreEqual(dag.NodeCount - executed.Length - f.Count, residual.NodeCount);
      if (c.ResidualStatus == ScheduleStatus.IcOptimal) {
        int[] order = c.ResidualOrder().Select(v => residual.NodeId(dag.NodeName(v))).ToArray();
        Assert.AreEqual(BruteForce.MaxEligible(residual), BruteForce.Eligible(residual, order));
      }
    }
  }

  [Test]
  public void Fig6DirectCutsEightStaggeredSix() {
    using (Dag g = Dag.ClusteringFig6())
    using (Cluster direct = Cluster.Extract(g, 6, ClusterStrategy.Direct))
    using (Cluster staggered = Cluster.Extract(g, 6, ClusterStrategy.Staggered)) {
      Assert.AreEqual(54, g.NodeCount);
      Assert.AreEqual(8, direct.CutArcCount);
      Assert.AreEqual(6, staggered.CutArcCount);
      Assert.AreEqual(ClusterStrategy.Staggered, staggered.Strategy);
      Assert.AreEqual(ScheduleStatus.IcOptimal, direct.ResidualStatus);
      Assert.AreEqual(ScheduleStatus.IcOptimal, staggered.ResidualStatus);
      Assert.IsTrue(direct.IsSelfContained);
      Assert.AreEqual("", direct.Violation);
      Assert.AreEqual("", direct.ResidualReason);
      Assert.IsNotEmpty(direct.Certificate);
    }
  }

  [Test]
  public void Fig6LinearizationIsChain3() {
    string[] chain3 = {"trivial(2)", "trivial(2)", "W(2,2)", "W(2,2)", "W(3,2)", "W(3,2)", "W(4,2)", "W(4,2)",
                       "W(5,2)", "W(6,2)", "W(10,2)"};  // trivial(2) is W(1,2)
    using (Dag g = Dag.ClusteringFig6())
    using (Schedule s = g.Schedule()) {
      Assert.AreEqual(ScheduleStatus.IcOptimal, s.Status);
      int[][] lin = s.Linearization();
      var blocks = s.Blocks();
      Assert.AreEqual(chain3.Length, lin.Length);
      for (int i = 0; i < lin.Length; ++i) {
        Assert.AreEqual(1, lin[i].Length);
        Assert.AreEqual(chain3[i], blocks[lin[i][0]].Shape);
      }
    }
  }

  [Test]
  public void EveryStrategyEveryKIsSound() {
    using (Dag g = Dag.OutMesh(5)) {
      foreach (var s in Extracting) {
        for (int k = 1; k <= g.NodeCount; ++k) {
          using (Cluster c = Cluster.Extract(g, k, s)) {
            Assert.AreEqual(k, c.Tasks().Length);
            ExpectSound(g, new int[0], c);
          }
        }
      }
    }
  }

  /// <summary>Theorem 3.4 on the in-mesh (its dual, the out-mesh, is reticulated), Theorem 3.3 on the out-mesh.</summary>
  [Test]
  public void DonorNotesNameTheTheorem() {
    using (Dag inMesh = Dag.ReductionMesh(5))
    using (Dag outMesh = Dag.OutMesh(5))
    using (Cluster m = Cluster.Extract(inMesh, 4, ClusterStrategy.Donor))
    using (Cluster w = Cluster.Extract(outMesh, 4, ClusterStrategy.Donor))
    using (Cluster d = Cluster.Extract(outMesh, 4, ClusterStrategy.Direct)) {
      StringAssert.StartsWith("Theorem 3.4:", m.DonorNote);
      StringAssert.StartsWith("Theorem 3.3:", w.DonorNote);
      Assert.AreEqual(ClusterStrategy.Donor, m.Strategy);
      Assert.AreEqual("", d.DonorNote);
      ExpectSound(inMesh, new int[0], m);
    }
  }

  [Test]
  public void SequenceAndRunningState() {
    using (Dag g = Dag.OutMesh(5)) {
      int[] sizes = {3, 5, 2};
      List<Cluster> workers = Cluster.Sequence(g, new int[0], sizes, ClusterStrategy.Staggered);
      Assert.AreEqual(3, workers.Count);
      var done = new List<int>();
      for (int i = 0; i < 3; ++i) {
        using (Cluster c = workers[i]) {
          Assert.AreEqual(sizes[i], c.Tasks().Length);
          ExpectSound(g, done.ToArray(), c);
          done.AddRange(c.Tasks());
        }
      }
      int[] executed = {g.NodeId("0_0")};
      using (Cluster c = Cluster.Extract(g, executed, 2, ClusterStrategy.MinCut)) ExpectSound(g, executed, c);
    }
  }

  [Test]
  public void CheckUserCluster() {
    using (Dag w = Dag.W(3, 2))
    using (Cluster c = Cluster.Check(w, new int[0], new[] {w.NodeId("s1")})) {
      Assert.IsTrue(c.IsSelfContained);
      Assert.AreEqual(ClusterStrategy.Check, c.Strategy);
      Assert.AreEqual(new[] {w.NodeId("t1")}, c.Closure());
      Assert.AreEqual(2, c.CutArcCount);
      Assert.AreEqual(3, c.EligibleRendered);
      Assert.AreEqual(1, c.NewlyEligible);
    }
    using (Dag g = Dag.OutMesh(3))
    using (Cluster c = Cluster.Check(g, new int[0], new[] {g.NodeId("1_0")})) {
      Assert.IsFalse(c.IsSelfContained);
      StringAssert.Contains("'0_0'", c.Violation);
    }
  }

  [Test]
  public void Errors() {
    using (Dag g = Dag.OutMesh(3)) {
      var e = Assert.Throws<IcsException>(() => Cluster.Extract(g, 0, ClusterStrategy.Direct));
      Assert.AreEqual(Status.InvalidArgument, e.Code);
      e = Assert.Throws<IcsException>(() => Cluster.Extract(g, new[] {1}, 1, ClusterStrategy.Direct));
      StringAssert.Contains("closed under parents", e.Message);
      Assert.Throws<ArgumentNullException>(() => Cluster.Extract(null, 1, ClusterStrategy.Direct));
      Cluster c = Cluster.Extract(g, 1, ClusterStrategy.Direct);
      c.Dispose();
      Assert.IsTrue(c.IsDisposed);
      Assert.Throws<ObjectDisposedException>(() => c.Tasks());
    }
    using (Dag none = BruteForce.NoIco()) {
      var e = Assert.Throws<IcsException>(() => Cluster.Extract(none, 1, ClusterStrategy.Direct));
      Assert.AreEqual(Status.NotIcOptimal, e.Code);
    }
    using (Dag q = BruteForce.FromArcs("a->x", "a->y", "a->z", "b->x", "b->y", "b->z")) {
      var e = Assert.Throws<IcsException>(() => Cluster.Extract(q, 1, ClusterStrategy.Donor));
      Assert.AreEqual(Status.Unsupported, e.Code);
      StringAssert.Contains("Q(2,3)", e.Message);
    }
  }
}

}
