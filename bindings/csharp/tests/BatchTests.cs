using System;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Batch.Select and Batch.Play against a brute force over all subsets of the ELIGIBLE tasks.</summary>
[TestFixture]
public class BatchTests {
  private static long EligibleMask(long[] parents, long x) {
    long e = 0;
    for (int v = 0; v < parents.Length; ++v) {
      if ((x & (1L << v)) == 0 && (parents[v] & x) == parents[v]) {
        e |= 1L << v;
      }
    }
    return e;
  }

  private static int PopCount(long x) {
    int c = 0;
    for (; x != 0; x &= x - 1) {
      ++c;
    }
    return c;
  }

  /// <summary>The most ELIGIBLE tasks after running r of them.</summary>
  private static int Best(long[] parents, long x, int r) {
    long e = EligibleMask(parents, x);
    int best = -1;
    for (long s = e;; s = (s - 1) & e) {
      if (PopCount(s) == r) {
        best = Math.Max(best, BruteForce.EligibleCount(parents, x | s));
      }
      if (s == 0) {
        return best;
      }
    }
  }

  private static long Mask(int[] ids) {
    return ids.Aggregate(0L, (m, v) => m | (1L << v));
  }

  [Test]
  public void SelectMatchesBruteForce() {
    for (int seed = 0; seed < 80; ++seed) {
      using (var dag = Dag.RandomEr(4 + seed % 9, 0.3, seed)) {
        long[] parents = BruteForce.ParentMasks(dag);
        int[] executed = dag.TopologicalOrder().Take(seed % 3).ToArray();
        long x = Mask(executed);
        int e = PopCount(EligibleMask(parents, x));
        int r = 1 + seed % e;
        BatchResult b = Batch.Select(dag, executed, r);
        long s = Mask(b.Selected);
        Assert.AreEqual(r, b.Selected.Length);
        Assert.AreEqual(s, s & EligibleMask(parents, x), "only ELIGIBLE tasks");
        Assert.AreEqual(BruteForce.EligibleCount(parents, x | s), b.EligibleAfter);
        Assert.AreEqual(e, b.EligibleBefore);
        Assert.AreEqual(b.EligibleBefore - r + b.NewlyEligible, b.EligibleAfter);
        Assert.IsTrue(b.IsOptimal, b.Guarantee);
        Assert.AreEqual(Best(parents, x, r), b.EligibleAfter);
        Assert.That(b.Method == BatchMethod.Exact || b.Method == BatchMethod.TreeDp);
        BatchResult g = Batch.Select(dag, executed, r, BatchMethod.Greedy, 0);
        Assert.That(g.EligibleAfter <= b.EligibleAfter && g.BoundAfter >= b.EligibleAfter);
      }
    }
  }

  [Test]
  public void PlayRunsTheBatchesInSequence() {
    using (var dag = Dag.Parse("a x\na y\nb y\nb z\nc z\nz q\n", Format.Edges)) {
      var p = Batch.Play(dag, new[] {1, 2, 5, 1});
      Assert.AreEqual(4, p.Count);
      CollectionAssert.AreEqual(new[] {dag.NodeId("a")}, p[0].Selected);
      CollectionAssert.AreEqual(new[] {3, 3, 1, 0}, p.Select(b => b.EligibleAfter).ToArray());
      Assert.AreEqual(3, p[2].Selected.Length, "min(eligible, requested)");
      Assert.AreEqual(BatchMethod.TreeDp, p[1].Method);
    }
  }

  [Test]
  public void Errors() {
    using (var dag = Dag.Parse("a b\nb c\nd c\n", Format.Edges)) {
      int b = dag.NodeId("b");
      var e = Assert.Throws<IcsException>(() => Batch.Select(dag, new[] {b}, 1));
      Assert.AreEqual(Status.InvalidArgument, e.Code);
      StringAssert.Contains("unexecuted parent 'a'", e.Message);
      Assert.Throws<IcsException>(() => Batch.Select(dag, new int[0], 3));
      Assert.Throws<IcsException>(() => Batch.Select(dag, new int[0], -1));
      Assert.Throws<IcsException>(() => Batch.Play(dag, new[] {1, 0}));
      Assert.Throws<ArgumentNullException>(() => Batch.Select(dag, null, 1));
    }
    using (var shared = Dag.Parse("a x\nb x\na y\nb y\n", Format.Edges)) {
      var u = Assert.Throws<IcsException>(() => Batch.Select(shared, new int[0], 2, BatchMethod.Expansive, 0));
      Assert.AreEqual(Status.Unsupported, u.Code);
      StringAssert.Contains("not expansive", u.Message);
      Assert.AreEqual(Status.Unsupported,
                      Assert.Throws<IcsException>(() => Batch.Select(shared, new int[0], 2, BatchMethod.TreeDp, 0)).Code);
      Assert.AreEqual(2, Batch.Select(shared, new int[0], 2).EligibleAfter); // x and y
    }
    var closed = Dag.Parse("a b\n", Format.Edges);
    closed.Dispose();
    Assert.Throws<ObjectDisposedException>(() => Batch.Select(closed, new int[0], 1));
  }
}

}
