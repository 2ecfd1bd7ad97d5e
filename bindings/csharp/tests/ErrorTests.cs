using System;
using NUnit.Framework;

namespace IcSched.Tests {

/// <summary>Every non-OK status surfaces as IcsException with the right code and message.</summary>
[TestFixture]
public class ErrorTests {
  private static IcsException Expect(Status code, TestDelegate call) {
    var e = Assert.Throws<IcsException>(call);
    Assert.AreEqual(code, e.Code, e.Message);
    Assert.AreEqual((int) code, e.CodeValue);
    Assert.IsFalse(string.IsNullOrEmpty(e.Message));
    return e;
  }

  [Test]
  public void CycleNamesItsNodes() {
    using (var dag = new Dag()) {
      dag.AddNode("alpha");
      dag.AddNode("beta");
      dag.AddNode("gamma");
      dag.AddArc("alpha", "beta");
      dag.AddArc("beta", "gamma");
      dag.AddArc("gamma", "alpha");
      var e = Expect(Status.Cycle, () => dag.Validate());
      foreach (var name in new[] {"alpha", "beta", "gamma"}) {
        StringAssert.Contains(name, e.Message);
      }
      Expect(Status.Cycle, () => dag.TopologicalOrder());
      Expect(Status.Cycle, () => dag.Order(Policy.Fifo));
    }
  }

  [Test]
  public void UnknownNodes() {
    using (var dag = Diamond.Build()) {
      StringAssert.Contains("zz", Expect(Status.UnknownNode, () => dag.NodeId("zz")).Message);
      Expect(Status.UnknownNode, () => dag.AddArc("a", "zz"));
      Expect(Status.UnknownNode, () => dag.AddArc(0, 99));
      Expect(Status.UnknownNode, () => dag.NodeName(4));
      Expect(Status.UnknownNode, () => dag.Children(-1));
      Expect(Status.UnknownNode, () => dag.Parents(4));
      Expect(Status.UnknownNode, () => dag.InDegree(100));
      Assert.AreEqual(4, dag.NodeCount);
      Assert.AreEqual(4L, dag.ArcCount);
    }
  }

  [Test]
  public void DuplicateNodeAndSelfLoop() {
    using (var dag = Diamond.Build()) {
      StringAssert.Contains("b", Expect(Status.DuplicateNode, () => dag.AddNode("b")).Message);
      Expect(Status.SelfLoop, () => dag.AddArc(1, 1));
      Expect(Status.SelfLoop, () => dag.AddArc("c", "c"));
      Expect(Status.InvalidArgument, () => dag.AddNode(""));
      Assert.AreEqual(4, dag.NodeCount);
    }
  }

  [Test]
  public void MalformedText() {
    Expect(Status.Parse, () => Dag.Parse("digraph { a -> ", Format.Dot));
    Expect(Status.Parse, () => Dag.Parse("{\"workflow\": [1, 2", Format.WfFormat));
    Expect(Status.Parse, () => Dag.Parse("{\"a\": 3}", Format.AdjacencyJson));
    Expect(Status.Cycle, () => Dag.Parse("a b\nb a\n", Format.Edges));
  }

  [Test]
  public void IoErrors() {
    Expect(Status.IO, () => Dag.Read("/nonexistent/dir/none.edges", Format.Edges));
    using (var dag = Diamond.Build()) {
      Expect(Status.IO, () => dag.Write("/nonexistent/dir/out.edges", Format.Edges));
      Expect(Status.Unsupported, () => dag.ToString(Format.Stg));
    }
  }

  [Test]
  public void InvalidOrders() {
    using (var dag = Diamond.Build()) {
      Expect(Status.InvalidOrder, () => dag.Evaluate(new[] {3, 0, 1, 2}));
      Expect(Status.InvalidOrder, () => dag.Evaluate(new[] {0, 1, 2}));
      Expect(Status.InvalidOrder, () => dag.ValidateOrder(new[] {0, 1, 1, 3}));
      Expect(Status.InvalidOrder, () => dag.ValidateOrder(new[] {0, 1, 2, 3, 3}));
      Expect(Status.InvalidOrder, () => dag.ValidateOrder(new[] {0, 1, 2, 9}));
      Expect(Status.InvalidOrder, () => dag.ValidateOrder(new int[0]));
      dag.ValidateOrder(new[] {0, 2, 1, 3});
    }
  }

  [Test]
  public void BadGeneratorParameters() {
    Expect(Status.InvalidArgument, () => Dag.Fft(-1));
    Expect(Status.InvalidArgument, () => Dag.W(-2, 2));
    Expect(Status.InvalidArgument, () => Dag.ReductionTree(new[] {"0", "1"}));
    Expect(Status.TooLarge, () => Dag.Fft(40));
  }

  [Test]
  public void ExceptionCarriesUnknownCodes() {
    var e = new IcsException((Status) (-1000), "future");
    Assert.AreEqual(Status.Internal, e.Code);
    Assert.AreEqual(-1000, e.CodeValue);
    Assert.AreEqual(Status.Cycle, new IcsException(Status.Cycle, "x").Code);
    Assert.IsInstanceOf<Exception>(e);
  }
}

}
