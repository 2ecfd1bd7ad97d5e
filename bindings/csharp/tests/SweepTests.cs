using System;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>IC-Sweep and the priority relation, on the paper's profiles and on dags.</summary>
[TestFixture]
public class SweepTests {
  /// <summary>Per-step maximum of E1(i) + E2(j) over i + j = t.</summary>
  private static int[] MaxPlus(int[] e1, int[] e2) {
    var m = new int[e1.Length + e2.Length - 1];
    for (int i = 0; i < e1.Length; ++i) {
      for (int j = 0; j < e2.Length; ++j) {
        m[i + j] = Math.Max(m[i + j], e1[i] + e2[j]);
      }
    }
    return m;
  }

  /// <summary>The sum's profile along a path of summand indices.</summary>
  private static int[] AlongPath(int[] path, params int[][] profiles) {
    var at = new int[profiles.Length];
    var e = new int[path.Length + 1];
    for (int t = 0; t < path.Length; ++t) {
      ++at[path[t]];
      for (int k = 0; k < profiles.Length; ++k) {
        e[t + 1] += profiles[k][at[k]];
      }
    }
    return e;
  }

  [Test]
  public void Table2IsIcoButNotAChain() {
    int[] e1 = {0, 4, 6};
    int[] e2 = {0, 3, 5};
    using (var s = Sweep.OfProfiles(e1, e2)) {
      Assert.IsTrue(s.IsIco);
      Assert.IsFalse(s.IsChain);
      Assert.IsFalse(s.HasPriority(0, 1));
      Assert.IsFalse(s.HasPriority(1, 0));
      Assert.AreEqual(2, s.Count);
      int[] path = s.Path();
      Assert.AreEqual(4, path.Length);
      CollectionAssert.AreNotEqual(new[] {0, 0, 1, 1}, path, "not G1 then G2");
      CollectionAssert.AreNotEqual(new[] {1, 1, 0, 0}, path, "not G2 then G1");
      Assert.AreEqual(2, path.Count(k => k == 0));
      CollectionAssert.AreEqual(MaxPlus(e1, e2), s.Profile());
      CollectionAssert.AreEqual(AlongPath(path, e1, e2), s.Profile());
      Assert.IsNotEmpty(s.Reason, "says why there is no chain");
    }
    Assert.IsFalse(Priority.Has(e1, e2));
    Assert.IsFalse(Priority.Has(e2, e1));
  }

  [Test]
  public void G3HasNoIcoSum() {
    using (var s = Sweep.OfProfiles(new[] {0, 1}, new[] {0, 0, 2})) {
      Assert.IsFalse(s.IsIco);
      Assert.IsFalse(s.IsChain);
      Assert.IsNotEmpty(s.Reason);
      Assert.AreEqual(0, s.Path().Length);
      // No schedule meets the per-step maxima 0 1 2 3: the one reaching 2 at step 2 has left G1's step.
      CollectionAssert.AreEqual(MaxPlus(new[] {0, 1}, new[] {0, 0, 2}), s.Envelope());
      Assert.AreEqual(0, s.FailedGroup);
      Assert.AreEqual(2, s.FailedDiagonal);
    }
    using (var s = Sweep.OfProfiles(new[] {0, 4, 6}, new[] {0, 3, 5})) {
      CollectionAssert.AreEqual(s.Profile(), s.Envelope());
      Assert.AreEqual(-1, s.FailedGroup);
      Assert.AreEqual(-1, s.FailedDiagonal);
    }
  }

  [Test]
  public void ViolationWitnessesSystemOne() {
    // Table 2: one step of each (4 + 3 = 7) beats two of B1 (6 + 0).
    CollectionAssert.AreEqual(new[] {1, 1}, Priority.Violation(new[] {0, 4, 6}, new[] {0, 3, 5}));
    CollectionAssert.AreEqual(new[] {0, 1}, Priority.Violation(new[] {0, 3, 5}, new[] {0, 4, 6}));
    Assert.IsNull(Priority.Violation(new[] {0, 4, 6}, new[] {0, 0, 1}));
    var rng = new Random(5);
    for (int round = 0; round < 200; ++round) {
      var a = new int[1 + rng.Next(5)];
      var b = new int[1 + rng.Next(5)];
      for (int i = 1; i < a.Length; ++i) a[i] = rng.Next(6);
      for (int i = 1; i < b.Length; ++i) b[i] = rng.Next(6);
      int[] v = Priority.Violation(a, b);
      Assert.AreEqual(v == null, Priority.Has(a, b));
      if (v != null) {
        int s1 = a.Length - 1, z = v[0] + v[1];
        Assert.IsTrue(a[v[0]] + b[v[1]] > a[Math.Min(s1, z)] + b[Math.Max(0, z - s1)]);
      }
    }
  }

  [Test]
  public void PriorityOfProfiles() {
    Assert.IsTrue(Priority.Has(new[] {0, 4, 6}, new[] {0, 0, 1}));
    Assert.IsFalse(Priority.Has(new[] {0, 0, 1}, new[] {0, 4, 6}));
    using (var s = Sweep.OfProfiles(new[] {0, 4, 6}, new[] {0, 0, 1})) {
      Assert.IsTrue(s.IsIco);
      Assert.IsTrue(s.IsChain);
      Assert.IsTrue(s.HasPriority(0, 1));
      Assert.IsFalse(s.HasPriority(1, 0));
      CollectionAssert.AreEqual(new[] {0, 0, 1, 1}, s.Path(), "a chain runs G1, then G2");
      Assert.AreEqual("", s.Reason);
    }
  }

  [Test]
  public void OneProfileIsTriviallyIco() {
    using (var s = Sweep.OfProfiles(new[] {0, 2, 1})) {
      Assert.IsTrue(s.IsIco);
      Assert.AreEqual(1, s.Count);
      CollectionAssert.AreEqual(new[] {0, 0}, s.Path());
      CollectionAssert.AreEqual(new[] {0, 2, 1}, s.Profile());
    }
  }

  [Test]
  public void SweepOfDagsInterleavesTheirSchedules() {
    using (var g1 = Dag.W(2, 2))
    using (var g2 = Dag.ReductionTree(1))
    using (var g3 = Dag.N(2))
    using (var s = Sweep.OfDags(g1, g2, g3)) {
      Dag[] dags = {g1, g2, g3};
      Assert.AreEqual(3, s.Count);
      Assert.IsTrue(s.IsIco, s.Reason);
      // Same answer as IC-Sweep on the dags' nonsource profiles.
      var profiles = new int[3][];
      for (int k = 0; k < 3; ++k) {
        using (var sk = dags[k].Schedule()) {
          profiles[k] = dags[k].NonsourceProfile(sk.Order());
        }
      }
      using (var p = Sweep.OfProfiles(profiles)) {
        CollectionAssert.AreEqual(p.Profile(), s.Profile());
        CollectionAssert.AreEqual(p.Path(), s.Path());
      }
      Assert.AreEqual(Priority.Has(g1, g2), s.HasPriority(0, 1));
      Assert.AreEqual(Priority.Has(g2, g1), s.HasPriority(1, 0));

      // Order(): every node of every dag once; as an order of the disjoint union it is IC-optimal.
      var order = s.Order();
      using (var sum = new Dag()) {
        var offset = new int[3];
        for (int k = 0; k < 3; ++k) {
          offset[k] = sum.NodeCount;
          for (int v = 0; v < dags[k].NodeCount; ++v) {
            sum.AddNode(k + ":" + dags[k].NodeName(v));
          }
          for (int v = 0; v < dags[k].NodeCount; ++v) {
            foreach (int c in dags[k].Children(v)) {
              sum.AddArc(offset[k] + v, offset[k] + c);
            }
          }
        }
        Assert.AreEqual(sum.NodeCount, order.Count);
        var flat = new int[order.Count];
        for (int t = 0; t < flat.Length; ++t) {
          SweepStep step = order[t];
          Assert.That(step.DagIndex >= 0 && step.DagIndex < 3);
          flat[t] = offset[step.DagIndex] + step.NodeId;
        }
        Diamond.AssertValidOrder(sum, flat);
        CollectionAssert.AreEqual(BruteForce.MaxEligible(sum), BruteForce.Eligible(sum, flat));
      }
      Assert.AreEqual(new SweepStep(1, 2), new SweepStep(1, 2));
      Assert.IsTrue(new SweepStep(1, 2) != new SweepStep(2, 1));
    }
  }
}

}
