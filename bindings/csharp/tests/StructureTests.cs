using System;
using System.Collections.Generic;
using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Skeleton, super-dag, dual dag, dual orders and nonsource profiles.</summary>
[TestFixture]
public class StructureTests {
  [Test]
  public void SkeletonRemovesTheShortcut() {
    using (var dag = BruteForce.FromArcs("a->b", "b->c", "a->c"))
    using (var sk = dag.Skeleton()) {
      Assert.AreEqual(1L, dag.ShortcutCount());
      Assert.AreEqual(3L, dag.ArcCount, "the dag itself is unchanged");
      Assert.AreEqual(2L, sk.ArcCount);
      Assert.AreEqual(dag.ArcCount - sk.ArcCount, dag.ShortcutCount());
      CollectionAssert.AreEqual(new[] {"a->b", "b->c"}, Diamond.NamedArcs(sk));
      for (int v = 0; v < 3; ++v) {
        Assert.AreEqual(dag.NodeName(v), sk.NodeName(v), "same ids and names");
      }
    }
    using (var dag = Dag.Fft(3))
    using (var sk = dag.Skeleton()) {
      Assert.AreEqual(0L, dag.ShortcutCount());
      Assert.AreEqual(dag.ArcCount, sk.ArcCount);
    }
  }

  [Test]
  public void SuperdagOfFft2HasFourBlocks() {
    using (var dag = Dag.Fft(2))
    using (var sup = dag.Superdag()) {
      Assert.AreEqual(4, sup.NodeCount);
      CollectionAssert.AreEqual(new[] {"B0", "B1", "B2", "B3"}, Diamond.Names(sup));
      sup.Validate();
    }
  }

  [Test]
  public void SuperdagOfANonBipartiteComponentFails() {
    // x->y and y->z end up in one component (through a->y, a->b, c->b, c->z): y is both a top and a bottom.
    using (var dag = BruteForce.FromArcs("x->y", "y->z", "a->y", "a->b", "c->b", "c->z")) {
      var e = Assert.Throws<IcsException>(() => dag.Superdag());
      Assert.AreEqual(Status.NotDecomposable, e.Code, e.Message);
    }
  }

  [Test]
  public void DualReversesEveryArc() {
    using (var dag = Diamond.Build())
    using (var dual = dag.Dual()) {
      CollectionAssert.AreEqual(Diamond.Names(dag), Diamond.Names(dual));
      var reversed = Diamond.NamedArcs(dag).Select(arc => {
        string[] uv = arc.Split(new[] {"->"}, StringSplitOptions.None);
        return uv[1] + "->" + uv[0];
      }).ToList();
      reversed.Sort(StringComparer.Ordinal);
      CollectionAssert.AreEqual(reversed, Diamond.NamedArcs(dual));
      for (int v = 0; v < dag.NodeCount; ++v) {
        Assert.AreEqual(dag.NodeName(v), dual.NodeName(v));
      }
    }
  }

  [Test]
  public void DualOfAnIcoScheduleOfWIsIcoForTheDual() {
    using (var w = Dag.W(3, 2))
    using (var s = w.Schedule())
    using (var m = w.Dual()) {
      Assert.AreEqual(ScheduleStatus.IcOptimal, s.Status);
      int[] d = w.DualOrder(s.Order());
      Diamond.AssertValidOrder(m, d);
      CollectionAssert.AreEqual(BruteForce.MaxEligible(m), BruteForce.Eligible(m, d));
    }
  }

  [Test]
  public void NonsourceProfileOfTheDiamond() {
    using (var dag = Diamond.Build()) {
      // nonsinks a, b, c: after a {b,c}; after b {c}; after c {d}.
      CollectionAssert.AreEqual(new[] {0, 2, 1, 1}, dag.NonsourceProfile(new[] {0, 1, 2, 3}));
      CollectionAssert.AreEqual(new[] {0, 2, 1, 1}, dag.NonsourceProfile(new[] {0, 2, 1, 3}));
    }
  }
}

}
