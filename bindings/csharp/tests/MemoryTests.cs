using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>
/// Objective.Memory and Policy.Postorder: the memory costs of the guidelines paper (ℓ for
/// reduction-meshes, 2h for Postorder-Execute, h+1 for the pure postorder, 2^d+2 for FFT dags),
/// with E(t) unchanged and checked by brute force.
/// </summary>
[TestFixture]
public class MemoryTests {
  private static int MemoryOf(Dag dag) {
    using (var eligibility = dag.Schedule())
    using (var s = dag.Schedule(new ScheduleOptions { Objective = Objective.Memory })) {
      Assert.IsTrue(s.IsIcOptimal, s.Reason);
      CollectionAssert.AreEqual(eligibility.Eligible(), s.Eligible(), "the objective never changes E(t)");
      int[] order = s.Order();
      Diamond.AssertValidOrder(dag, order);
      if (dag.NodeCount <= 63) { // the brute force's limit
        CollectionAssert.AreEqual(BruteForce.Eligible(dag, order), s.Eligible());
      }
      Assert.LessOrEqual(s.Memory, eligibility.Memory);
      using (var p = dag.Evaluate(order)) {
        Assert.AreEqual(p.Memory, s.Memory);
      }
      return s.Memory;
    }
  }

  [Test]
  public void FamiliesReachThePapersMemoryCosts() {
    for (int l = 2; l <= 6; ++l) {
      using (var mesh = Dag.ReductionMesh(l)) {
        Assert.AreEqual(l, MemoryOf(mesh), "M_" + l);
      }
    }
    for (int h = 1; h <= 5; ++h) {
      using (var tree = Dag.ReductionTree(h)) {
        Assert.AreEqual(2 * h, MemoryOf(tree), "T_" + h);
      }
    }
    for (int d = 2; d <= 5; ++d) {
      using (var fft = Dag.Fft(d)) {
        Assert.AreEqual((1 << d) + 2, MemoryOf(fft), "F_" + d);
      }
    }
  }

  [Test]
  public void PurePostorderUsesHPlusOneRegistersButIsNotIcOptimal() {
    for (int h = 2; h <= 6; ++h) {
      using (var tree = Dag.ReductionTree(h))
      using (var s = tree.Schedule())
      using (var p = tree.Evaluate(tree.Order(Policy.Postorder))) {
        Assert.AreEqual(h + 1, p.Memory);
        Assert.Less(p.Area, s.Area);
      }
    }
  }

  [Test]
  public void OptionsCarryTheObjective() {
    Assert.AreEqual(Objective.Eligibility, new ScheduleOptions().Objective);
    var o = new ScheduleOptions { Objective = Objective.Memory };
    Assert.AreEqual(Objective.Memory, o.Objective);
    StringAssert.Contains("Memory", o.ToString());
  }
}

}
