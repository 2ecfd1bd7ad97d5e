using System;
using NUnit.Framework;

namespace IcSched.Tests {

[TestFixture]
public class DagTests {
  [Test]
  public void DiamondStructure() {
    using (var dag = Diamond.Build()) {
      Assert.AreEqual(4, dag.NodeCount);
      Assert.AreEqual(4L, dag.ArcCount);
      dag.Validate();
      Assert.AreEqual(0, dag.NodeId("a"));
      Assert.AreEqual(2, dag.NodeId("c"));
      Assert.AreEqual("d", dag.NodeName(3));
      CollectionAssert.AreEqual(new[] {1, 2}, dag.Children(0));
      CollectionAssert.AreEqual(new[] {3}, dag.Children(1));
      CollectionAssert.IsEmpty(dag.Children(3));
      CollectionAssert.IsEmpty(dag.Parents(0));
      CollectionAssert.AreEqual(new[] {0}, dag.Parents(2));
      CollectionAssert.AreEqual(new[] {1, 2}, dag.Parents(3));
      CollectionAssert.AreEqual(new[] {0}, dag.Sources());
      CollectionAssert.AreEqual(new[] {3}, dag.Sinks());
      CollectionAssert.AreEqual(new[] {0, 1, 1, 2}, dag.Levels());
      Assert.AreEqual(0, dag.InDegree(0));
      Assert.AreEqual(2, dag.InDegree(3));
      Assert.AreEqual(2, dag.OutDegree(0));
      Assert.AreEqual(0, dag.OutDegree(3));
      Diamond.AssertValidOrder(dag, dag.TopologicalOrder());
      Assert.AreEqual(Format.Auto, dag.SourceFormat);
    }
  }

  [Test]
  public void Info() {
    using (var dag = Diamond.Build()) {
      dag.AddArc("a", "b"); // merged duplicate
      Assert.AreEqual(new DagInfo(4, 4, 1, 1, 1, 3, 2), dag.Info);
      Assert.AreEqual(2, dag.Info.MaxLevelWidth);
      Assert.AreEqual(4L, dag.ArcCount);
    }
  }

  [Test]
  public void EmptyDag() {
    using (var dag = new Dag()) {
      Assert.AreEqual(0, dag.NodeCount);
      Assert.AreEqual(0L, dag.ArcCount);
      CollectionAssert.IsEmpty(dag.Sources());
      CollectionAssert.IsEmpty(dag.TopologicalOrder());
    }
  }

  [Test]
  public void IsolatedNodesAreSourcesAndSinks() {
    using (var dag = new Dag()) {
      dag.AddNode("x");
      dag.AddNode("y");
      CollectionAssert.AreEqual(new[] {0, 1}, dag.Sources());
      CollectionAssert.AreEqual(new[] {0, 1}, dag.Sinks());
      CollectionAssert.AreEqual(new[] {0, 0}, dag.Levels());
    }
  }

  [Test]
  public void CloneIsDeepAndIndependent() {
    using (var dag = Diamond.Build())
    using (var copy = dag.Clone()) {
      Assert.AreNotSame(dag, copy);
      CollectionAssert.AreEqual(Diamond.NamedArcs(dag), Diamond.NamedArcs(copy));
      copy.AddNode("e");
      copy.AddArc("d", "e");
      Assert.AreEqual(5, copy.NodeCount);
      Assert.AreEqual(4, dag.NodeCount);
      dag.Dispose();
      Assert.AreEqual(5L, copy.ArcCount);
    }
  }

  [Test]
  public void UnicodeNamesRoundTrip() {
    const string name = "n\u0153ud-\u03bb-\U0001F600";
    using (var dag = new Dag()) {
      int id = dag.AddNode(name);
      dag.AddArc(name, dag.NodeName(dag.AddNode("sink")));
      Assert.AreEqual(name, dag.NodeName(id));
      Assert.AreEqual(id, dag.NodeId(name));
      using (var back = Dag.Parse(dag.ToString(Format.Edges), Format.Edges)) {
        CollectionAssert.AreEqual(Diamond.NamedArcs(dag), Diamond.NamedArcs(back));
      }
    }
  }

  [Test]
  public void BaselineOrdersAreValid() {
    using (var dag = Dag.Fft(3)) {
      foreach (Policy policy in Enum.GetValues(typeof(Policy))) {
        int[] order = dag.Order(policy, 7);
        Diamond.AssertValidOrder(dag, order);
        dag.ValidateOrder(order);
      }
      CollectionAssert.AreEqual(dag.Order(Policy.Random, 42), dag.Order(Policy.Random, 42), "seeded");
      Diamond.AssertValidOrder(dag, dag.Order(Policy.Level));
    }
  }

  [Test]
  public void LevelOrderFollowsLevels() {
    using (var dag = Diamond.Build()) {
      int[] order = dag.Order(Policy.Level);
      int[] levels = dag.Levels();
      for (int i = 1; i < order.Length; ++i) {
        Assert.LessOrEqual(levels[order[i - 1]], levels[order[i]]);
      }
    }
  }

  [Test]
  public void Version() {
    string v = Ics.Version();
    int n = Ics.VersionNumber();
    Assert.AreEqual((n / 10000) + "." + (n / 100 % 100) + "." + (n % 100), v);
    Assert.GreaterOrEqual(n, 100);
  }
}

}
