using System;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>
/// The familiar computations are IC-optimal by decomposition alone (exact search
/// disabled), checked against brute force on the small sizes; the dag algebra's results,
/// names and origin maps.
/// </summary>
[TestFixture]
public class FamiliarTests {
  private static ScheduleOptions DecompositionOnly() {
    return new ScheduleOptions { ExactMaxNodes = 0, ExactMaxDownsets = 0 };
  }

  private static void ExpectIcoByDecomposition(Func<int, Dag> family, int[] sizes, int oracleUpTo) {
    int checkedSizes = 0;
    foreach (int size in sizes) {
      using (Dag dag = family(size))
      using (Schedule s = dag.Schedule(DecompositionOnly())) {
        Assert.IsTrue(s.IsIcOptimal, "size " + size + ": " + s.Reason);
        Assert.AreNotEqual(ScheduleMethod.Exact, s.Method);
        if (size <= oracleUpTo) {
          CollectionAssert.AreEqual(BruteForce.MaxEligible(dag), s.Eligible(), "size " + size);
          ++checkedSizes;
        }
      }
    }
    Assert.GreaterOrEqual(sizes.Length, 3);
    Assert.GreaterOrEqual(checkedSizes, 1);
  }

  [Test]
  public void FamiliarComputationsAreIcOptimalByDecomposition() {
    ExpectIcoByDecomposition(Dag.MatrixMultiplication, new[] {1, 2, 3}, 1);
    ExpectIcoByDecomposition(Dag.Laplace, new[] {2, 3, 4, 9}, 4);
    ExpectIcoByDecomposition(k => Dag.DivideConquer(3, k), new[] {1, 2, 4}, 2);
    ExpectIcoByDecomposition(Dag.ExpansionReduction, new[] {1, 2, 3, 6}, 3);
    ExpectIcoByDecomposition(k => Dag.Wavefront(k, k + 2), new[] {1, 2, 3, 12}, 3);
    ExpectIcoByDecomposition(Dag.ParallelPrefix, new[] {2, 4, 6, 50}, 6);
    ExpectIcoByDecomposition(Dag.Fmri, new[] {2, 3, 9}, 3);
  }

  private static int[] IdsWithPrefix(Dag g, string prefix) {
    return Enumerable.Range(0, g.NodeCount).Where(v => g.NodeName(v).StartsWith(prefix, StringComparison.Ordinal)).ToArray();
  }

  [Test]
  public void FmriSummandsMustInterleave() {
    using (Dag g = Dag.Fmri(3))
    using (Schedule s = g.Schedule(DecompositionOnly()))
    using (Derived left = DagAlgebra.Induced(g, IdsWithPrefix(g, "L_")))
    using (Derived right = DagAlgebra.Induced(g, IdsWithPrefix(g, "R_")))
    using (Sweep sw = Sweep.OfDags(left.Dag, right.Dag)) {
      Assert.AreEqual(ScheduleMethod.Sweep, s.Method);
      Assert.AreEqual(2, s.Linearization()[0].Length);
      Assert.IsTrue(sw.IsIco);
      Assert.IsFalse(sw.IsChain);
      Assert.IsFalse(sw.HasPriority(0, 1));
      Assert.IsFalse(sw.HasPriority(1, 0));
      CollectionAssert.AreEqual(new[] {0, 3, 6, 7, 8, 9, 10}, sw.Profile());
    }
  }

  [Test]
  public void SumComposeInduced() {
    using (Dag w = Dag.W(1, 2))
    using (Dag m = Dag.M(1, 2)) {
      using (Derived s = DagAlgebra.Sum(w, m, w)) {
        Assert.AreEqual(9, s.Dag.NodeCount);
        Assert.AreEqual("g2:s1", s.Dag.NodeName(6));
        Assert.AreEqual(1, s.Part(3));
        Assert.AreEqual(0, s.Node(3));
      }
      using (Derived s = DagAlgebra.Sum(new[] {"", "x."}, w, m)) {
        Assert.AreEqual("s1", s.Dag.NodeName(0));
        Assert.AreEqual("x.t1", s.Dag.NodeName(5));
      }
      int t1 = w.NodeId("t1"), t2 = w.NodeId("t2");
      using (Derived d = DagAlgebra.Compose(w, m, new[] {new[] {t1, m.NodeId("s1")}, new[] {t2, m.NodeId("s2")}})) {
        Assert.AreEqual(4, d.Dag.NodeCount);
        Assert.AreEqual("g1:t1", d.Dag.NodeName(3));
        CollectionAssert.AreEqual(new[] {0, 0, 0, 1}, d.Parts());
        CollectionAssert.AreEqual(new[] {0, 1, 2, 2}, d.Nodes());
      }
      using (Dag diamond = w.Compose(m, new[] {t1, t2}, new[] {0, 1}))
      using (Derived sub = DagAlgebra.Induced(diamond, 3, 0)) {
        Assert.AreEqual(1, diamond.Sinks().Length);
        Assert.AreEqual(0, sub.Dag.ArcCount);
        CollectionAssert.AreEqual(new[] {0, 3}, sub.Nodes());
        Assert.AreEqual("g0:s1", sub.Dag.NodeName(0));
      }
    }
  }

  [Test]
  public void Errors() {
    using (Dag w = Dag.W(1, 2))
    using (Dag m = Dag.M(1, 2)) {
      var e = Assert.Throws<IcsException>(() => DagAlgebra.Compose(w, m, new[] {new[] {0, 0}}));
      Assert.AreEqual(Status.InvalidArgument, e.Code);
      StringAssert.Contains("not a sink of G1", e.Message);
      e = Assert.Throws<IcsException>(() => w.Compose(m, new[] {9}, new[] {0}));
      Assert.AreEqual(Status.UnknownNode, e.Code);
      e = Assert.Throws<IcsException>(() => w.Induced(new[] {1, 1}));
      StringAssert.Contains("listed twice", e.Message);
      e = Assert.Throws<IcsException>(() => DagAlgebra.Sum(new[] {"", ""}, w, w));
      Assert.AreEqual(Status.DuplicateNode, e.Code);
      e = Assert.Throws<IcsException>(() => DagAlgebra.Sum());
      Assert.AreEqual(Status.InvalidArgument, e.Code);
      Assert.Throws<IcsException>(() => Dag.Laplace(1));
      e = Assert.Throws<IcsException>(() => Dag.MatrixMultiplication(12));
      Assert.AreEqual(Status.TooLarge, e.Code);
      Assert.Throws<IcsException>(() => Dag.Fmri(-1));
      Assert.Throws<ArgumentNullException>(() => DagAlgebra.Sum((Dag) null));
      Dag closed = Dag.N(2);
      closed.Dispose();
      Assert.Throws<ObjectDisposedException>(() => DagAlgebra.Sum(w, closed));
    }
  }
}

}
