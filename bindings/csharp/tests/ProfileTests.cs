using System.Linq;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>E(t) profiles, memory and AREA checked against values computed by hand.</summary>
[TestFixture]
public class ProfileTests {
  [Test]
  public void Diamond_() {
    using (var dag = Diamond.Build()) {
      int[] order = {0, 1, 2, 3};
      using (var p = dag.Evaluate(order)) {
        // E(0)=1 {a}; after a: {b,c}; after b: {c}; after c: {d}; after d: {}.
        CollectionAssert.AreEqual(new[] {1, 2, 1, 1, 0}, p.Eligible());
        CollectionAssert.AreEqual(order, p.Order());
        Assert.AreEqual(4, p.Steps);
        // executed nodes with an unexecuted child: {a}, {a,b}, {b,c}, {} -> max 2.
        Assert.AreEqual(2, p.Memory);
        Assert.AreEqual(5L, p.Area);
      }
      using (var p = dag.Evaluate(new[] {0, 2, 1, 3})) {
        CollectionAssert.AreEqual(new[] {1, 2, 1, 1, 0}, p.Eligible());
        CollectionAssert.AreEqual(new[] {0, 2, 1, 3}, p.Order());
      }
    }
  }

  [Test]
  public void Chain() {
    using (var dag = new Dag()) {
      dag.AddNode("x");
      dag.AddNode("y");
      dag.AddNode("z");
      dag.AddArc("x", "y");
      dag.AddArc("y", "z");
      using (var p = dag.Evaluate(new[] {0, 1, 2})) {
        CollectionAssert.AreEqual(new[] {1, 1, 1, 0}, p.Eligible());
        Assert.AreEqual(1, p.Memory);
        Assert.AreEqual(3L, p.Area);
      }
    }
  }

  [Test]
  public void Vee() {
    // s1 -> t, s2 -> t, s3 alone.
    using (var dag = new Dag()) {
      dag.AddNode("s1");
      dag.AddNode("s2");
      dag.AddNode("t");
      dag.AddNode("s3");
      dag.AddArc("s1", "t");
      dag.AddArc("s2", "t");
      using (var p = dag.Evaluate(new[] {0, 1, 2, 3})) {
        CollectionAssert.AreEqual(new[] {3, 2, 2, 1, 0}, p.Eligible());
        Assert.AreEqual(2, p.Memory);
        Assert.AreEqual(8L, p.Area);
      }
      using (var p = dag.Evaluate(new[] {3, 0, 1, 2})) {
        CollectionAssert.AreEqual(new[] {3, 2, 1, 1, 0}, p.Eligible());
        Assert.AreEqual(7L, p.Area);
      }
    }
  }

  [Test]
  public void GeneratedDagProfileIsConsistent() {
    using (var dag = Dag.ReductionTree(3)) {
      int[] order = dag.Order(Policy.Fifo);
      using (var p = dag.Evaluate(order)) {
        int[] e = p.Eligible();
        Assert.AreEqual(dag.NodeCount + 1, e.Length);
        Assert.AreEqual(dag.NodeCount, p.Steps);
        Assert.AreEqual(dag.Sources().Length, e[0]);
        Assert.AreEqual(0, e[e.Length - 1]);
        Assert.AreEqual(e.Select(x => (long) x).Sum(), p.Area);
        CollectionAssert.AreEqual(order, p.Order());
      }
    }
  }

  [Test]
  public void ProfileOutlivesItsDagProxy() {
    Profile p;
    using (var dag = Diamond.Build()) {
      p = dag.Evaluate(new[] {0, 1, 2, 3});
    }
    using (p) {
      CollectionAssert.AreEqual(new[] {1, 2, 1, 1, 0}, p.Eligible());
    }
  }
}

}
